import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schemas';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A server with one route that validates its body and query and serializes its answer, compiled lazily. */
async function server(headers?: object) {
  const schemas = lazySchemaCompilers();
  const app = Fastify({ schemaController: schemas.schemaController });
  apps.push(app);
  app.post(
    '/things',
    {
      schema: {
        ...(headers ? { headers } : {}),
        querystring: {
          type: 'object',
          properties: { page: { type: 'integer', minimum: 1 } },
          additionalProperties: false,
        },
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', maxLength: 5 } },
        },
        response: {
          200: {
            type: 'object',
            properties: { name: { type: 'string' }, page: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const { name } = request.body as { name: string };
      const { page = 1 } = request.query as { page?: number };
      // `secret` is not in the answer's schema: the serializer leaves it out.
      return { name, page, secret: 'kept back' };
    },
  );
  await app.ready();
  return { app, pending: schemas.pending };
}

describe('schemas compiled at their first use', () => {
  it('compiles nothing while the server gets ready, then what a request needs when it comes', async () => {
    const { app, pending } = await server();
    // The route's querystring, body and 200 answer (POST has no HEAD twin).
    expect(pending.size).toBe(3);
    const res = await app.inject({ method: 'POST', url: '/things?page=2', payload: { name: 'pen' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'pen', page: 2 });
    expect(pending.size).toBe(0);
  });

  it('validates as fastify does: coerced query, the body checked, ajv errors in the answer', async () => {
    const { app } = await server();
    const long = await app.inject({ method: 'POST', url: '/things', payload: { name: 'too long' } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('body/name must NOT have more than 5 characters');
    const missing = await app.inject({ method: 'POST', url: '/things', payload: {} });
    expect(missing.json().message).toBe("body must have required property 'name'");
    const query = await app.inject({ method: 'POST', url: '/things?page=0', payload: { name: 'pen' } });
    expect(query.json().message).toBe('querystring/page must be >= 1');
  });

  it('compiles what no request needed once asked to, one at a time, so the server still answers meanwhile', async () => {
    const { app, pending } = await server();
    const done = pending.compileRemaining();
    // Between two compilations the event loop is free: a request is answered before the last is compiled.
    const res = await app.inject({ method: 'POST', url: '/things', payload: { name: 'pen' } });
    expect(res.statusCode).toBe(200);
    expect(await done).toEqual([]);
    expect(pending.size).toBe(0);
  });

  it('refuses, at once, a header schema with a capital letter (request headers arrive lower-cased)', async () => {
    await expect(
      server({ type: 'object', properties: { 'Idempotency-Key': { type: 'string' } } }),
    ).rejects.toThrow('header "Idempotency-Key" in its schema must be written in lower case');
    const { app } = await server({
      type: 'object',
      required: ['idempotency-key'],
      properties: { 'idempotency-key': { type: 'string', maxLength: 3 } },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'Idempotency-Key': 'abcd' },
      payload: { name: 'pen' },
    });
    expect(res.json().message).toBe('headers/idempotency-key must NOT have more than 3 characters');
  });
});
