import { ApiError } from '@agency/core';
import type { TFunction } from 'i18next';

/**
 * Whether a failure means "no connection": no response arrived, or the browser says it is offline (the
 * service worker answers for pages it saved, so a failure while offline means this one was not saved).
 */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof ApiError && error.isNetworkError) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The text for a non-OK response (spec section 8): the body's message as the server wrote it, else
 * 'HTTP error! status: {code}' in the reader's language. Null when the error is not an HTTP error.
 */
export function httpErrorMessage(error: unknown, t: TFunction<'blog'>): string | null {
  if (!(error instanceof ApiError) || error.status === 0) return null;
  const body = error.body;
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return t('errors.http', { status: error.status });
}
