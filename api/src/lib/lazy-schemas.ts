import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

// Fastify compiles every route's schemas (ajv validators, fast-json-stringify serializers) while the server gets
// ready: some 1,200 of them here (each route's parts and answers, and the HEAD twin of every GET), about 0.3 s of
// a start on the 2-core machine, where a visit uses a handful. Each is compiled at its first use instead, by the
// same compilers with the same options, and the rest soon after the server listens, one between requests
// (`compileRemaining`): the readiness check passes sooner, and traffic still finds them compiled.

type Check = ((data: unknown) => unknown) & { errors?: unknown };
type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** The schemas not compiled yet. */
export interface PendingSchemas {
  readonly size: number;
  /**
   * Compiles every schema not compiled yet, one per turn of the event loop. A schema that cannot be compiled is
   * passed over (its route answers 500 when called, as the error handler words it) and its error returned.
   */
  compileRemaining(): Promise<Error[]>;
}

/** What fastify hands a compiler for one schema of one route. */
interface RouteSchema {
  schema: unknown;
  method?: string;
  url?: string;
  httpPart?: string;
}

/**
 * A custom validator factory makes fastify pass header schemas as they are written, where its own lower-cases
 * their property names first (request headers arrive lower-cased). Such a schema is refused at once, while the
 * routes are registered: a capital letter in it would make the header never match.
 */
function refuseCapitalHeaders({ schema, method, url, httpPart }: RouteSchema): void {
  if (httpPart !== 'headers' || schema === null || typeof schema !== 'object') return;
  const { properties, required } = schema as { properties?: object; required?: unknown };
  const names = [...Object.keys(properties ?? {}), ...(Array.isArray(required) ? required : [])];
  const capital = names.find((name) => typeof name === 'string' && name !== name.toLowerCase());
  if (capital !== undefined)
    throw new Error(`${method} ${url}: header "${capital}" in its schema must be written in lower case`);
}

/**
 * fastify's own schema compilers, each wrapped so that a route's validator or serializer is built when it is
 * first called (or by `compileRemaining`), and the list of those still to build.
 */
export function lazySchemaCompilers(): {
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  pending: PendingSchemas;
} {
  const waiting = new Set<() => Check>();

  /** A function standing for `compile()`'s result until that is first needed. */
  function deferred(compile: () => Check): Check {
    let compiled: Check | undefined;
    const build = (): Check => {
      waiting.delete(build);
      compiled ??= compile();
      return compiled;
    };
    waiting.add(build);
    const stand: Check = (data: unknown) => {
      const check = build();
      const result = check(data);
      // fastify reads an ajv validator's errors from the function it called.
      stand.errors = check.errors;
      return result;
    };
    return stand;
  }

  // The factories' own types (their options, pools and external schemas) are fastify's business: passed through.
  // biome-ignore lint/suspicious/noExplicitAny: the compilers factories are typed loosely by fastify itself
  type Factory = (...args: any[]) => (route: RouteSchema) => Check;
  const lazily =
    (factory: Factory, check?: (route: RouteSchema) => void): Factory =>
    (...args) => {
      const compilerFor = factory(...args);
      return (route) => {
        check?.(route);
        return deferred(() => compilerFor(route));
      };
    };

  return {
    schemaController: {
      compilersFactory: {
        buildValidator: lazily(AjvCompiler() as Factory, refuseCapitalHeaders) as Compilers['buildValidator'],
        buildSerializer: lazily(SerializerSelector() as Factory) as Compilers['buildSerializer'],
      },
    },
    pending: {
      get size() {
        return waiting.size;
      },
      async compileRemaining() {
        const errors: Error[] = [];
        for (const build of waiting) {
          try {
            build();
          } catch (err) {
            errors.push(err instanceof Error ? err : new Error(String(err)));
          }
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        return errors;
      },
    },
  };
}
