import { AUDIT_ACTIONS, type AuditAction } from '@agency/core/audit';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { auditLog, users } from '../../db/schema';
import { paginate } from '../../lib/pagination';
import { UNAUTHENTICATED } from '../../plugins/access';
import { commonErrorResponses, errorSchema, paginatedSchema } from '../../schemas';

/** Entries per page of the trail. */
export const AUDIT_PER_PAGE = 50;
const MAX_PAGE = 100_000;

interface AuditQuery {
  actor?: number;
  action?: AuditAction;
  page: number;
}

const entrySchema = {
  type: 'object',
  required: ['id', 'at', 'actor', 'action', 'target', 'details', 'ip'],
  properties: {
    id: { type: 'integer' },
    at: { type: 'string', format: 'date-time' },
    actor: {
      type: ['object', 'null'],
      description:
        'Who did it: the account (its e-mail as it was then, its name now), or for a failed sign-in the ' +
        'e-mail tried (id null when no account has it); null when nobody is known',
      required: ['id', 'email', 'name'],
      properties: {
        id: { type: ['integer', 'null'] },
        email: { type: 'string' },
        name: { type: ['string', 'null'] },
      },
    },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    target: {
      type: ['object', 'null'],
      description: 'What it was done to (`user`, `post`, `contact_message`…), named as it was then',
      required: ['type', 'id', 'label'],
      properties: {
        type: { type: 'string' },
        id: { type: 'string' },
        label: { type: ['string', 'null'] },
      },
    },
    details: {
      type: 'object',
      description: 'Small facts of the action: a role from and to, a count, a reason',
      additionalProperties: { type: ['string', 'number', 'boolean', 'null'] },
    },
    ip: { type: ['string', 'null'], description: 'The client address the server saw' },
  },
} as const;

const listAuditSchema = {
  summary: 'One page of the audit trail, newest first (administrators and the owner)',
  description:
    `${AUDIT_PER_PAGE} entries a page. Sign-ins and failed sign-ins, password changes, role changes, ` +
    'deactivations, the ownership handed over, posts published, unpublished and deleted, contact messages ' +
    'exported and erased. Filters: `actor` (an account id) and `action`. Never a password, a token or a ' +
    'code. 403 forbidden for editors and authors; 422 for an unknown action or a bad actor or page. Entries ' +
    'older than AUDIT_RETENTION_DAYS are deleted.',
  tags: ['people'],
  querystring: {
    type: 'object',
    properties: {
      actor: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: 'An account id' },
      action: { type: 'string', enum: [...AUDIT_ACTIONS] },
      page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data'],
      properties: { data: paginatedSchema({ type: 'array', items: entrySchema }) },
    },
    403: { ...errorSchema, description: 'forbidden: not an administrator or the owner' },
    422: { ...errorSchema, description: 'An unknown action, or an actor or page that is not a number' },
    ...commonErrorResponses,
  },
} as const;

function pageUrl(query: AuditQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.actor !== undefined) params.set('actor', String(query.actor));
  if (query.action) params.set('action', query.action);
  params.set('page', String(page));
  return `/api/audit?${params}`;
}

/** The audit trail as the Audit screen reads it (the `people` permission: administrators and the owner). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: AuditQuery }>(
    '/',
    { schema: listAuditSchema, config: { private: true } },
    async (request, reply) => {
      if (!request.editor) return reply.code(401).send({ message: UNAUTHENTICATED });
      const query = request.query;
      const where = and(
        query.actor === undefined ? undefined : eq(auditLog.actorId, query.actor),
        query.action ? eq(auditLog.action, query.action) : undefined,
      );
      const [rows, totals] = await Promise.all([
        app.db
          .select({ entry: auditLog, name: users.name })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(AUDIT_PER_PAGE)
          .offset((query.page - 1) * AUDIT_PER_PAGE),
        app.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      const items = rows.map(({ entry, name }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor:
          entry.actorId === null && entry.actorEmail === null
            ? null
            : { id: entry.actorId, email: entry.actorEmail ?? '', name: name ?? null },
        action: entry.action,
        target:
          entry.targetType === null
            ? null
            : { type: entry.targetType, id: entry.targetId ?? '', label: entry.targetLabel },
        details: entry.details,
        ip: entry.ip,
      }));
      return {
        data: paginate({
          items,
          total: totals[0]?.n ?? 0,
          page: query.page,
          perPage: AUDIT_PER_PAGE,
          urlFor: (n) => pageUrl(query, n),
        }),
      };
    },
  );
};
