import type { Language } from '@agency/core';
import { ApiError, apiUrl, messageFromBody, type Paginated, readMeta } from '@agency/core';
import { adminFetch, notifyUnauthorized } from '../../../lib/admin-api';

export const MESSAGE_STATUSES = ['new', 'handled', 'spam'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The notification e-mail of a message, from the outbox. */
export interface MailState {
  status: 'queued' | 'sent' | 'failed' | 'off';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
}

/** One contact message as the inbox gives it. */
export interface ContactMessage {
  id: number;
  name: string;
  /** Like +971. */
  country_code: string;
  /** E.164, like +447911123456 (a spam message keeps what was sent when it is not a number). */
  phone: string;
  /** The number's country, like GB; empty for a spam message's non-number. */
  phone_region: string;
  email: string;
  /** Empty when not given. */
  business: string;
  /** A service key (a spam message may hold anything). */
  service: string;
  /**
   * The service's name in each language when the message was sent (kept after the service is renamed, hidden
   * or deleted); `{}` for messages whose service was gone before names were kept, and for spam.
   */
  service_name?: Partial<Record<Language, string>>;
  /** The key of the pricing plan the visitor chose (`starter`, or one an editor added), or empty. */
  plan: string;
  /**
   * The plan's name in each language when the message was sent, kept when the plan is renamed, hidden or
   * deleted; `{}` when it was not kept (the key is shown instead). Absent from an older server's answer.
   */
  plan_name?: Partial<Record<Language, string>>;
  message: string;
  status: MessageStatus;
  created_at: string;
  mail: MailState;
}

/** What the list shows: the filters, each absent when not set. */
export interface MessageFilters {
  status?: MessageStatus;
  service?: string;
  q?: string;
}

export interface MessagesPage {
  data: Paginated<ContactMessage>;
  /** Every message still `new`, whatever the filters. */
  new_count: number;
}

function filterQuery({ status, service, q }: MessageFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (status) query.status = status;
  if (service) query.service = service;
  if (q?.trim()) query.q = q.trim();
  return query;
}

/** GET /api/contact-messages: newest first, a page at a time, with the count of new messages. */
export async function getMessages(
  filters: MessageFilters,
  page: number,
  { perPage, signal }: { perPage?: number; signal?: AbortSignal } = {},
): Promise<MessagesPage> {
  const body = await adminFetch<MessagesPage | null>('/contact-messages', {
    query: { ...filterQuery(filters), page, ...(perPage ? { per_page: perPage } : {}) },
    signal,
  });
  if (!body?.data || !Array.isArray(body.data.data) || typeof body.new_count !== 'number')
    throw new Error('Unexpected contact messages response');
  return body;
}

/** GET /api/contact-messages/{id}. */
export function getMessage(id: number, signal?: AbortSignal): Promise<ContactMessage> {
  return adminFetch<ContactMessage>(`/contact-messages/${id}`, { signal });
}

/** PATCH /api/contact-messages/{id}: the message as it now is. */
export async function setMessageStatus(id: number, status: MessageStatus): Promise<ContactMessage> {
  const body = await adminFetch<{ data: ContactMessage }>(`/contact-messages/${id}`, {
    method: 'PATCH',
    json: { status },
  });
  return body.data;
}

/** POST /api/contact-messages/{id}/retry-mail: the message with its notification queued again. */
export async function retryMail(id: number): Promise<ContactMessage> {
  const body = await adminFetch<{ data: ContactMessage }>(`/contact-messages/${id}/retry-mail`, {
    method: 'POST',
  });
  return body.data;
}

/** DELETE /api/contact-messages/{id}: the message is erased, with its notification. */
export async function deleteMessage(id: number): Promise<void> {
  await adminFetch(`/contact-messages/${id}`, { method: 'DELETE' });
}

/** The file name a download answer gives, else ours. */
function fileNameOf(res: Response): string {
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return named ?? `contact-messages-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /api/contact-messages/export.csv with the list's filters, saved by the browser as a file. The call
 * needs the API key header, which a plain link cannot send: the answer is read here and handed to the
 * browser as a download. Plan names are in `language` (the editor's), else in the other.
 */
export async function downloadMessagesCsv(filters: MessageFilters, language: Language): Promise<string> {
  let res: Response;
  try {
    // The service and plan names in the editor's language.
    res = await fetch(apiUrl('/contact-messages/export.csv', { ...filterQuery(filters), language }), {
      headers: { Accept: 'text/csv', 'x-api-key': readMeta('api-key') },
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    if (res.status === 401) notifyUnauthorized();
    throw new ApiError(messageFromBody(res.status, body), res.status, body);
  }
  const name = fileNameOf(res);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
