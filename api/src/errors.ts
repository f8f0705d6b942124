import { STATUS_CODES } from 'node:http';
import type { StorageErrorKey } from '@agency/core/rules';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';

export interface ErrorBody {
  success?: false;
  message: string;
  errors?: Record<string, string[]>;
}

export const VALIDATION_MESSAGE = 'The given data was invalid.';

function fieldOf(issue: FastifySchemaValidationError, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  const params = issue.params as Record<string, unknown>;
  const child =
    typeof params.missingProperty === 'string'
      ? params.missingProperty
      : typeof params.additionalProperty === 'string'
        ? params.additionalProperty
        : '';
  return [path, child].filter(Boolean).join('.') || context || 'request';
}

function problemOf(issue: FastifySchemaValidationError): string {
  const params = issue.params as Record<string, unknown>;
  if (Array.isArray(params.allowedValues)) return `must be one of: ${params.allowedValues.join(', ')}`;
  if (typeof params.additionalProperty === 'string') return 'is not allowed';
  return issue.message ?? 'is invalid';
}

/** Field-keyed messages from schema validation issues, Laravel's `errors` shape the clients already know. */
export function validationErrors(
  issues: readonly FastifySchemaValidationError[],
  context?: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = fieldOf(issue, context);
    errors[field] ??= [];
    errors[field].push(problemOf(issue));
  }
  return errors;
}

/** The key of a text that holds a character no text may hold (U+0000, which PostgreSQL cannot store). */
export const CHARACTER_INVALID = 'character_invalid';

/** A request refused field by field: 422 (or the status given) with `{ message, errors }`. */
export class FieldsError extends Error {
  readonly statusCode: number;
  readonly errors: Record<string, string[]>;
  constructor(message: string, errors: Record<string, string[]>, statusCode = 422) {
    super(message);
    this.name = 'FieldsError';
    this.errors = errors;
    this.statusCode = statusCode;
  }
}

/** Node's codes for a disk that is full, and for a file or folder that may not be written. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const STORAGE_READ_ONLY_CODES = new Set(['EROFS', 'EACCES', 'EPERM']);

/**
 * A file could not be stored because of the storage, not the request: the disk is full (507 `storage_full`)
 * or cannot be written, or the S3 bucket failed (503 `storage_unavailable`, lib/image-store.ts). Answered
 * with its key, which the editor translates.
 */
export class StorageError extends Error {
  readonly statusCode: 503 | 507;
  readonly code: string;
  constructor(key: StorageErrorKey, code: string) {
    super(key);
    this.name = 'StorageError';
    this.statusCode = key === 'storage_full' ? 507 : 503;
    this.code = code;
  }

  /** The StorageError a file-system failure stands for, or null when it is another failure. */
  static of(error: unknown): StorageError | null {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') return null;
    if (STORAGE_FULL_CODES.has(code)) return new StorageError('storage_full', code);
    if (STORAGE_READ_ONLY_CODES.has(code)) return new StorageError('storage_unavailable', code);
    return null;
  }
}

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Node's codes for a connection that could not be made or was cut, and for a name that did not resolve. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
/** These also come from a visitor hanging up; they count only from a socket call (a `syscall`). */
const SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE']);
/** What pg and pg-pool say, without a code, when a connection is lost, refused in time, or unusable. */
const CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|timeout expired$|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/;

/**
 * PostgreSQL's SQLSTATEs for "not now" rather than "wrong query": class 08 (connection exception), the
 * server shutting down or starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now),
 * 57P05 idle_session_timeout, 53300 too_many_connections, and 57014 query_canceled (statement_timeout).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '57P05', '53300', '57014'].includes(code);
}

/** The error, its causes (drizzle wraps the driver's error) and an AggregateError's errors, depth-first. */
function* chain(error: unknown, depth = 0): Generator<Record<string, unknown>> {
  if (depth > 8 || typeof error !== 'object' || error === null) return;
  const e = error as Record<string, unknown>;
  yield e;
  if (Array.isArray(e.errors)) for (const inner of e.errors) yield* chain(inner, depth + 1);
  yield* chain(e.cause, depth + 1);
}

/**
 * Whether an error means the database could not be reached or did not answer in time (refused, reset or
 * cut connections, pool and query timeouts, a server shutting down), as opposed to a fault in the request
 * or the code. Those are answered 503: the request may well succeed when retried.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECT_CODES.has(code)) return true;
    if (SOCKET_CODES.has(code) && typeof e.syscall === 'string') return true;
    // A SQLSTATE is five digits or capital letters; Node's codes are longer.
    if (/^[0-9A-Z]{5}$/.test(code) && unavailableSqlState(code)) return true;
    if (typeof e.message === 'string' && CONNECTION_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** What to log about an unreachable database: the driver's own words, not the failed query and its values. */
export function unavailableCause(error: unknown): { code?: string; message?: string } {
  let last: Record<string, unknown> = {};
  for (const e of chain(error)) last = e;
  return {
    code: typeof last.code === 'string' ? last.code : undefined,
    message: typeof last.message === 'string' ? last.message : undefined,
  };
}

/**
 * One error answer for the whole server: validation problems are 422 with field messages, other client
 * errors keep their status and message, and server faults are logged in full but answered with the status
 * text alone, so no stack, SQL or file path ever reaches a client. A database that cannot be reached is a
 * 503 with Retry-After, answered as soon as the driver gives up (db/limits.ts: the request's deadline, or at
 * once while the database is known to be unreachable), and logged as part of an outage (db/outage-log.ts).
 */
export async function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<ErrorBody> {
  // A handler may have set these for the answer it meant to give (a file, a page), not for this one.
  reply.removeHeader('cache-control');
  reply.type('application/json; charset=utf-8');
  if (error.validation) {
    reply.code(422);
    return {
      message: VALIDATION_MESSAGE,
      errors: validationErrors(error.validation, error.validationContext),
    };
  }
  if (error instanceof StorageError) {
    // The operator's to fix (free space, a read-only mount, a folder's owner, the bucket or its keys): logged
    // with the system's or the bucket's code.
    request.log.error({ code: error.code }, `could not use the stored files: ${error.message}`);
    reply.code(error.statusCode);
    return { message: error.message };
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  if (status >= 500 && isDatabaseUnavailable(error)) {
    // Counted, not logged one by one: an outage under load fails hundreds of requests a second.
    request.server.databaseOutage.unavailable(unavailableCause(error));
    reply.code(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    return { message: STATUS_CODES[503] ?? 'Service Unavailable' };
  }
  reply.code(status);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return { message: STATUS_CODES[status] ?? 'Internal Server Error' };
  }
  if (error instanceof FieldsError) {
    const body = { message: error.message, errors: error.errors };
    return request.routeOptions.config?.successShape ? { success: false, ...body } : body;
  }
  return { message: error.message };
}
