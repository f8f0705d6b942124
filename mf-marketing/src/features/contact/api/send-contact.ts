import { apiFetch } from '@agency/core';
import type { ContactInput } from '@agency/core/rules';

export interface ContactAnswer {
  success: boolean;
  message: string;
}

/** POST /api/contact (JSON, with the CSRF token apiFetch adds). `website` is the honeypot: left empty. */
export function sendContact(input: ContactInput & { website: string }): Promise<ContactAnswer> {
  return apiFetch<ContactAnswer>('/contact', { method: 'POST', json: input });
}
