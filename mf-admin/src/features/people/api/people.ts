import type { Role } from '@agency/core/roles';
import { adminFetch } from '../../../lib/admin-api';

/** An account as GET /api/users answers it. */
export interface Account {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  /** Two-step sign-in is on. */
  two_step: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}

/** GET /api/users: the owner first, then by name. */
export async function getAccounts(signal?: AbortSignal): Promise<Account[]> {
  return (await adminFetch<{ data: Account[] }>('/users', { signal })).data;
}

/** PATCH /api/users/{id}: a new role, or deactivated (signed out at once) or reactivated. */
export async function changeAccount(
  id: number,
  change: { role?: Exclude<Role, 'owner'>; active?: boolean },
): Promise<Account> {
  return (await adminFetch<{ data: Account }>(`/users/${id}`, { method: 'PATCH', json: change })).data;
}

/** POST /api/users/{id}/ownership: the owner hands the ownership over, with their password. */
export async function handOverOwnership(id: number, password: string): Promise<Account> {
  const body = await adminFetch<{ data: Account }>(`/users/${id}/ownership`, {
    method: 'POST',
    json: { password },
  });
  return body.data;
}

/** GET /api/users/two-step-policy: whether the owner requires two-step sign-in of administrators. */
export async function getTwoStepPolicy(signal?: AbortSignal): Promise<boolean> {
  const body = await adminFetch<{ require_two_step_for_administrators: boolean }>('/users/two-step-policy', {
    signal,
  });
  return body.require_two_step_for_administrators;
}

/** PUT /api/users/two-step-policy (the owner only). */
export async function setTwoStepPolicy(required: boolean): Promise<boolean> {
  const body = await adminFetch<{ require_two_step_for_administrators: boolean }>('/users/two-step-policy', {
    method: 'PUT',
    json: { require_two_step_for_administrators: required },
  });
  return body.require_two_step_for_administrators;
}
