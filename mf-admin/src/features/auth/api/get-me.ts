import { ApiError, apiFetch } from '@agency/core';
import { useEffect, useState } from 'react';
import type { Editor } from './types';

/** GET /api/auth/me: the signed-in editor; rejects with ApiError 401 without a session. */
export async function getMe(signal?: AbortSignal): Promise<Editor> {
  const body = await apiFetch<{ user: Editor }>('/auth/me', { signal });
  return body.user;
}

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: Editor }
  | { status: 'signed-out' }
  /** No answer (offline) or a server fault: the screens still open, for the drafts on this device. */
  | { status: 'unknown' };

/** Whether an editor session is open, checked once when the admin screens mount. */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    getMe(controller.signal).then(
      (user) => setState({ status: 'signed-in', user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const signedOut = error instanceof ApiError && error.status === 401;
        setState({ status: signedOut ? 'signed-out' : 'unknown' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}
