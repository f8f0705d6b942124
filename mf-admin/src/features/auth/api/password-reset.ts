import { apiFetch, type Language } from '@agency/core';

/**
 * POST /api/auth/password-reset: asks for a link by e-mail, written in `language`. The answer is the same
 * whether an account has this address or not; rejects with ApiError 429 (with `retry_after`) when this
 * connection asked too often.
 */
export async function requestPasswordReset(email: string, language: Language): Promise<void> {
  await apiFetch('/auth/password-reset', { method: 'POST', json: { email, language } });
}

/**
 * POST /api/auth/password-reset/confirm: sets the new password from the link's token; every session of the
 * account ends and nobody is signed in. Rejects with ApiError 400 `reset_invalid`, 422 (too short, weak) or 429.
 */
export async function confirmPasswordReset(token: string, password: string): Promise<void> {
  await apiFetch('/auth/password-reset/confirm', { method: 'POST', json: { token, password } });
}
