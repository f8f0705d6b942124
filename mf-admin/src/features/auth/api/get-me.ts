import { ApiError, apiFetch } from '@agency/core';
import { useEffect, useState } from 'react';
import type { Editor } from './types';

/** GET /api/auth/me: the signed-in editor; rejects with ApiError 401 without a session. */
export async function getMe(signal?: AbortSignal): Promise<Editor> {
  return (await getMeAndTwoStep(signal)).user;
}

/** GET /api/auth/me with `setupRequired`: the owner requires two-step sign-in of this account, not on yet. */
export async function getMeAndTwoStep(
  signal?: AbortSignal,
): Promise<{ user: Editor; setupRequired: boolean }> {
  const body = await apiFetch<{ user: Editor; two_step?: { setup_required?: boolean } }>('/auth/me', {
    signal,
  });
  return { user: body.user, setupRequired: body.two_step?.setup_required === true };
}

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; user: Editor; setupRequired?: boolean }
  | { status: 'signed-out' }
  /** No answer (offline) or a server fault: the screens still open, for the drafts on this device. */
  | { status: 'unknown' };

/** Whether an editor session is open, checked once when the admin screens mount. */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    getMeAndTwoStep(controller.signal).then(
      ({ user, setupRequired }) => setState({ status: 'signed-in', user, setupRequired }),
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
