import { apiFetch, setMeta } from '@agency/core';
import type { Language } from '@agency/core/language';
import type { Role } from '@agency/core/roles';
import { adminFetch } from '../../../lib/admin-api';
import type { Editor } from '../../auth/api/types';

export type InvitedRole = Exclude<Role, 'owner'>;

/** An invitation as /api/invitations answers it; `url` only when the site sends no e-mail (shown once). */
export interface Invitation {
  id: number;
  email: string;
  role: InvitedRole;
  invited_by: { id: number; name: string } | null;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'expired';
  url?: string;
}

/** GET /api/invitations: pending ones and those expired lately, newest first. */
export async function getInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return (await adminFetch<{ data: Invitation[] }>('/invitations', { signal })).data;
}

/** POST /api/invitations: the e-mail is written in `language` (the screen's). */
export async function invite(email: string, role: InvitedRole, language: Language): Promise<Invitation> {
  const body = await adminFetch<{ data: Invitation }>('/invitations', {
    method: 'POST',
    json: { email, role, language },
  });
  return body.data;
}

/** POST /api/invitations/{id}/resend: a new link for 72 hours; the old one stops working. */
export async function resendInvitation(id: number, language: Language): Promise<Invitation> {
  const body = await adminFetch<{ data: Invitation }>(`/invitations/${id}/resend`, {
    method: 'POST',
    json: { language },
  });
  return body.data;
}

/** DELETE /api/invitations/{id}: its link stops working. */
export async function revokeInvitation(id: number): Promise<void> {
  await adminFetch<null>(`/invitations/${id}`, { method: 'DELETE' });
}

/** What a link is for, as POST /api/invitations/check answers it. */
export interface InvitationCheck {
  email: string;
  role: InvitedRole;
  invited_by: { name: string } | null;
  site_name?: string;
  expires_at: string;
  status: 'pending' | 'expired' | 'used';
}

/** POST /api/invitations/check (no session): the token goes in the body, never in a URL. */
export function checkInvitation(token: string): Promise<InvitationCheck> {
  return apiFetch<InvitationCheck>('/invitations/check', { method: 'POST', json: { token } });
}

/** POST /api/invitations/accept: makes the account and signs it in, like a sign-in. */
export async function acceptInvitation(token: string, name: string, password: string): Promise<Editor> {
  const body = await apiFetch<{ user: Editor; csrf_token: string }>('/invitations/accept', {
    method: 'POST',
    json: { token, name, password },
  });
  if (typeof body?.csrf_token === 'string') setMeta('csrf-token', body.csrf_token);
  return body.user;
}
