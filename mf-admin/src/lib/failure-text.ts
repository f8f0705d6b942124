import { ApiError } from '@agency/core';
import { STORAGE_ERROR_KEYS } from '@agency/core/rules';
import type { TFunction } from 'i18next';

/** A server message that is one of our translation keys is shown translated; anything else as it came. */
export function translateServerMessage(t: TFunction<'admin'>, message: string): string {
  return t(message as 'post_conflict', { defaultValue: message });
}

/** The server's `message` field, else its raw body. */
function serverDetail(t: TFunction<'admin'>, error: ApiError): string {
  const body = error.body;
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return translateServerMessage(t, (body as { message: string }).message);
  }
  if (typeof body === 'string' && body.trim() !== '') return body.trim();
  return error.message;
}

/**
 * The spec's failure text (section 8): base message, a colon, the HTTP status, a dash and the server's
 * message or raw body; with no response, no_server_response; otherwise the error's own message.
 */
export function failureText(
  t: TFunction<'admin'>,
  base:
    | 'post_error'
    | 'post_update_error'
    | 'post_delete_error'
    | 'content.saveError'
    | 'content.loadError'
    | 'content.uploadError'
    | 'revisions.loadError'
    | 'revisions.restoreError',
  error: unknown,
): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('no_server_response');
    return `${t(base)}: ${error.status} - ${serverDetail(t, error)}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** True when no response arrived (offline, server down). */
export function isNoResponse(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

/** What went wrong, in the editor's language: no answer, the server's message translated, or the error's own. */
export function problemText(t: TFunction<'admin'>, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('no_server_response');
    return translateServerMessage(t, error.message);
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why an image did not upload, in the editor's language: the server's own key when it refused the image
 * (422) or could not store it (a full or read-only disk), else image_upload_error.
 */
export function uploadFailureText(t: TFunction<'admin'>, error: unknown): string {
  const storage = (STORAGE_ERROR_KEYS as readonly string[]).includes((error as Error | null)?.message ?? '');
  if (error instanceof ApiError && (error.status === 422 || storage))
    return translateServerMessage(t, error.message);
  return t('image_upload_error');
}
