import { apiFetch } from '@agency/core';
import type { ContactInput } from '@agency/core/rules';

export interface ContactAnswer {
  success: boolean;
  /** `contact_sent`, or `contact_queued` when the service worker kept it to send once the visitor is online. */
  message: string;
}

/**
 * POST /api/contact (JSON, with the CSRF token apiFetch adds). `website` is the honeypot: left empty. `key` is
 * the message's Idempotency-Key, made when the visitor pressed send: however often the request is tried (the
 * offline queue replays it), the server stores the message once.
 */
export function sendContact(input: ContactInput & { website: string }, key: string): Promise<ContactAnswer> {
  return apiFetch<ContactAnswer>('/contact', {
    method: 'POST',
    json: input,
    headers: { 'Idempotency-Key': key },
  });
}
