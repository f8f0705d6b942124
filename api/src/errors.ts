import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';

export interface ErrorBody {
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

/**
 * One error answer for the whole server: validation problems are 422 with field messages, other client
 * errors keep their status and message, and server faults are logged in full but answered with the status
 * text alone, so no stack, SQL or file path ever reaches a client.
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
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
      ? error.statusCode
      : 500;
  reply.code(status);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return { message: STATUS_CODES[status] ?? 'Internal Server Error' };
  }
  return { message: error.message };
}
