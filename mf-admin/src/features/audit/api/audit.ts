import type { Paginated } from '@agency/core';
import type { AuditAction } from '@agency/core/audit';
import { adminFetch } from '../../../lib/admin-api';

/** One entry of the trail as GET /api/audit answers it. */
export interface AuditEntry {
  id: number;
  at: string;
  /** Who did it; for a failed sign-in the e-mail tried (id null when no account has it). */
  actor: { id: number | null; email: string; name: string | null } | null;
  action: AuditAction;
  target: { type: string; id: string; label: string | null } | null;
  details: Record<string, string | number | boolean | null>;
  ip: string | null;
}

/** The trail's filters, each absent when not set. */
export interface AuditFilters {
  actor?: number;
  action?: AuditAction;
}

/** GET /api/audit: 50 entries a page, newest first. */
export async function getAuditTrail(
  filters: AuditFilters,
  page: number,
  signal?: AbortSignal,
): Promise<Paginated<AuditEntry>> {
  const query: Record<string, string | number> = { page };
  if (filters.actor !== undefined) query.actor = filters.actor;
  if (filters.action) query.action = filters.action;
  const body = await adminFetch<{ data: Paginated<AuditEntry> } | null>('/audit', { query, signal });
  if (!body?.data || !Array.isArray(body.data.data)) throw new Error('Unexpected audit trail response');
  return body.data;
}
