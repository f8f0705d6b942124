import { ApiError, apiUrl, readMeta } from '@agency/core';
import { notifyUnauthorized, refreshCsrfToken } from '../../../lib/admin-api';

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function send(file: File, onProgress: (fraction: number) => void): Promise<string> {
  // XMLHttpRequest rather than fetch: only it reports upload progress.
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('/upload-image'));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('x-api-key', readMeta('api-key'));
    xhr.setRequestHeader('X-CSRF-TOKEN', readMeta('csrf-token'));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof body === 'string') resolve(body);
      else {
        const message = (body as { message?: unknown } | null)?.message;
        reject(
          new ApiError(
            typeof message === 'string' ? message : `HTTP error! status: ${xhr.status}`,
            xhr.status,
            body,
          ),
        );
      }
    };
    const form = new FormData();
    form.append('poster_image', file);
    xhr.send(form);
  });
}

/**
 * POST /api/upload-image (multipart poster_image): the image's URL. `onProgress` gets 0..1 as it uploads.
 * A stale CSRF token is renewed once; a 401 sends the editor to sign in.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  try {
    try {
      return await send(file, onProgress);
    } catch (error) {
      const csrf = error instanceof ApiError && error.status === 403;
      if (!csrf || (error.body as { message?: unknown } | null)?.message !== 'csrf_mismatch') throw error;
      await refreshCsrfToken();
      return await send(file, onProgress);
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) notifyUnauthorized();
    throw error;
  }
}
