import type { Role } from '@agency/core/roles';
import { adminFetch } from '../../../lib/admin-api';

/** An account as GET /api/users answers it. */
export interface Account {
  id: number;
  email: string;
  name: string;
  role: Role;
  active: boolean;
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
