import { can, type Permission } from '@agency/core/roles';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  onRequestAsyncHookHandler,
  onRouteHookHandler,
} from 'fastify';
import { errorSchema } from '../schemas';

/**
 * Who may call a route. `public`: anyone with the API key (reads). `csrf`: anyone with the API key and a
 * valid CSRF token (sign-in, the contact form). `editor`: a signed-in editor with a valid CSRF token, whose
 * role allows the route's `permission` (403 `forbidden` otherwise; private reads are held to it too).
 */
export type Access = 'public' | 'csrf' | 'editor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Defaults to `editor` for POST, PUT, PATCH and DELETE and to `public` for the rest. */
    access?: Access;
    /**
     * What the signed-in editor's role must allow (core/src/rules/roles.ts) for the route's writes and its
     * private reads; set for a whole group of routes with `withPermission`. Defaults to `content`.
     */
    permission?: Permission;
    /** Answers that differ per visitor (tokens, the signed-in user): `Cache-Control: private, no-store`. */
    private?: boolean;
    /** The route's answers say `success` (the contact form's): a refused field says `success: false` too. */
    successShape?: boolean;
    /**
     * Open to a session whose account must set up two-step sign-in first (the owner's requirement): the
     * account's own two-step setup, /api/auth/me and signing out. Every other write or private read of such a
     * session is refused with 403 `two_step_setup_required`.
     */
    twoStepSetup?: boolean;
  }
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const UNAUTHENTICATED = 'unauthenticated';
export const CSRF_MISMATCH = 'csrf_mismatch';
/** A signed-in editor whose role does not allow the action. */
export const FORBIDDEN = 'forbidden';
/** An administrator who must turn two-step sign-in on before anything else. */
export const TWO_STEP_SETUP_REQUIRED = 'two_step_setup_required';

/** The permission every route registered by `plugin` needs, unless a route names its own. */
export function withPermission<Options extends Record<string, unknown>>(
  permission: Permission,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return async (app, options) => {
    app.addHook('onRoute', (route) => {
      route.config ??= {};
      route.config.permission ??= permission;
    });
    // The prefix is this wrapper's already: given again, the routes would sit under it twice.
    const { prefix: _prefix, ...rest } = options as Options & { prefix?: string };
    await app.register(plugin, rest as Options);
  };
}

/**
 * Authorisation by route, never by matching the URL string: every route declared in the scope gets its
 * guards attached when it is registered, from its own `config.access`, with writes needing an editor unless
 * a route says otherwise. Trailing slashes, letter case, doubled slashes or percent-encoding cannot route a
 * request around a guard, because the guard belongs to whatever route the request reaches (the catch-all
 * included). A write route cannot be made fully public by mistake: registering one throws.
 */
export function enforceAccess(app: FastifyInstance): onRouteHookHandler {
  const requireEditor: onRequestAsyncHookHandler = async (request, reply) => {
    if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
  };
  const requireCsrf: onRequestAsyncHookHandler = async (request, reply) => {
    if (!app.csrf.verify(request)) return reply.code(403).send({ message: CSRF_MISMATCH });
  };
  // Read when the request comes, so a group's permission (withPermission, whose hook runs after this one)
  // counts. A private read without an editor is left to its handler (401, or the public answer).
  const requireRole: onRequestAsyncHookHandler = async (request, reply) => {
    if (!request.editor) return;
    if (request.twoStepSetupRequired && !request.routeOptions.config.twoStepSetup) {
      return reply.code(403).send({ message: TWO_STEP_SETUP_REQUIRED });
    }
    if (!can(request.editor.role, request.routeOptions.config.permission ?? 'content')) {
      return reply.code(403).send({ message: FORBIDDEN });
    }
  };

  return (route) => {
    const methods = [route.method].flat().map((m) => m.toUpperCase());
    const writes = methods.some((m) => WRITE_METHODS.has(m));
    if (writes && methods.some((m) => !WRITE_METHODS.has(m))) {
      throw new Error(
        `route ${route.url} mixes reads and writes: declare them apart so each gets its guards`,
      );
    }
    route.config ??= {};
    const access = route.config.access ?? (writes ? 'editor' : 'public');
    if (writes && access === 'public')
      throw new Error(`write route ${route.url} needs at least a CSRF token`);
    route.config.access = access;
    const guards =
      access === 'editor'
        ? [requireEditor, requireCsrf, requireRole]
        : access === 'csrf'
          ? [requireCsrf]
          : route.config.private
            ? [requireRole]
            : [];
    route.onRequest = [...[route.onRequest ?? []].flat(), ...guards];

    // The answers the guards give, in the route's schema, so the OpenAPI description lists them.
    if (guards.length > 0 && route.schema) {
      const response = (route.schema.response ?? {}) as Record<string, unknown>;
      if (access === 'editor') response[401] ??= errorSchema;
      response[403] ??= {
        ...errorSchema,
        description:
          access === 'editor'
            ? 'csrf_mismatch, forbidden: the role does not allow it (core/src/rules/roles.ts), or ' +
              'two_step_setup_required: the owner requires two-step sign-in and this account has not set it up'
            : access === 'csrf'
              ? 'csrf_mismatch'
              : 'forbidden: the role does not allow it, or two_step_setup_required',
      };
      route.schema.response = response;
    }
  };
}
