import { setMeta } from '@agency/core';
import { adminFetch } from '../../../lib/admin-api';

/** One of the editor's sessions, as GET /api/auth/sessions answers it. */
export interface EditorSession {
  /** Names the session to sign it out (not its token). */
  id: string;
  browser: string | null;
  os: string | null;
  signed_in_at: string;
  last_seen_at: string;
  /** The session of this browser. */
  current: boolean;
}

/** GET /api/auth/sessions: this browser's session first, then the most recently used. */
export async function getSessions(signal?: AbortSignal): Promise<EditorSession[]> {
  const body = await adminFetch<{ sessions: EditorSession[] }>('/auth/sessions', { signal });
  return body.sessions;
}

/** DELETE /api/auth/sessions/{id}: signs out one other session. */
export async function endSession(id: string): Promise<void> {
  await adminFetch(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** POST /api/auth/sessions/end-others: signs out every other session; answers how many. */
export async function endOtherSessions(): Promise<number> {
  const body = await adminFetch<{ signed_out: number }>('/auth/sessions/end-others', { method: 'POST' });
  return body.signed_out;
}

/**
 * POST /api/auth/password: every other session ends, and this one goes on under a new cookie and CSRF token
 * (written where every write reads it). Answers how many other sessions were signed out.
 */
export async function changePassword(currentPassword: string, newPassword: string): Promise<number> {
  const body = await adminFetch<{ csrf_token?: unknown; signed_out: number }>('/auth/password', {
    method: 'POST',
    json: { current_password: currentPassword, new_password: newPassword },
  });
  if (typeof body.csrf_token === 'string') setMeta('csrf-token', body.csrf_token);
  return body.signed_out;
}
