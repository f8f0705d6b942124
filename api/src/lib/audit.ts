import type { AuditAction } from '@agency/core/audit';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: AuditAction;
  /**
   * Who did it; the request's signed-in editor unless given. `null` with `actorEmail`: someone not signed in
   * (a failed sign-in names the e-mail tried, an accepted invitation the new account).
   */
  actor?: { id: number | null; email: string } | null;
  /** What it was done to. */
  target?: { type: string; id: string | number; label?: string | null } | null;
  /** Small facts (a role from and to, a count). Never a password, a token or a code. */
  details?: Record<string, string | number | boolean | null>;
}

/** The longest e-mail or label kept: what a client sends cannot grow the trail without bound. */
const MAX_TEXT = 254;

function clip(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value;
}

/**
 * Adds one entry to the audit trail. Pass the transaction the action runs in as `db` when there is one, so
 * the entry is kept exactly when the action is.
 */
export async function recordAudit(
  db: Pick<Database, 'insert'>,
  request: FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  const actor = entry.actor === undefined ? request.editor : entry.actor;
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: actor?.id ?? null,
    actorEmail: clip(actor?.email),
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    targetLabel: clip(entry.target?.label),
    details: entry.details ?? {},
    ip: request.ip ?? null,
  });
}
