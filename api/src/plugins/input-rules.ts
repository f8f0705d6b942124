import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { CHARACTER_INVALID, FieldsError, VALIDATION_MESSAGE } from '../errors';

/** How deep a JSON body is looked into (ours are flat; anything deeper is looked at down to here). */
const MAX_DEPTH = 16;

type Problem = { field: string; key: string; message: string };

/**
 * The first value that no route may take: a text holding U+0000 (PostgreSQL refuses it, so it would fail
 * deep in a query), or a number that is not finite (`page=1e309` or `Infinity` pass JSON Schema's `integer`
 * once coerced from the query string, and a database cannot use them). `field` is its path (`page`,
 * `email`, `items.2.name`).
 */
function badValue(value: unknown, field = '', depth = 0): Problem | null {
  if (typeof value === 'string') {
    return value.includes('\u0000')
      ? { field: field || 'request', key: CHARACTER_INVALID, message: CHARACTER_INVALID }
      : null;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value)
      ? null
      : { field: field || 'request', key: 'must be a finite number', message: VALIDATION_MESSAGE };
  }
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    const problem = badValue(inner, field ? `${field}.${key}` : key, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * One rule for every route, after its schema has shaped the input: a query, path or JSON body holding such
 * a value is refused with a 422 naming the field, never passed on to a 500. Multipart fields are held to the
 * same rule where they are read (lib/form.ts).
 */
const inputRules: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = badValue(part);
      if (problem) throw new FieldsError(problem.message, { [problem.field]: [problem.key] });
    }
  });
};

export const inputRulesPlugin = fp(inputRules, { name: 'input-rules' });
