import type { ContactMessage, MessagesPage } from '../features/messages/api/messages';

let nextId = 1;

/** A contact message as the inbox API returns it. */
export function makeMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  const id = overrides.id ?? nextId++;
  return {
    id,
    name: `Sender ${id}`,
    country_code: '+44',
    phone: '+447911123456',
    phone_region: 'GB',
    email: `sender${id}@example.com`,
    business: '',
    service: 'web-development',
    plan: '',
    message: 'We would like a new website for our shop.',
    status: 'new',
    created_at: '2026-11-21T09:30:00.000Z',
    mail: { status: 'off', attempts: 0, last_error: null, next_attempt_at: null, sent_at: null },
    ...overrides,
  };
}

/** GET /api/contact-messages's answer. */
export function messagesPage(
  messages: ContactMessage[],
  { page = 1, lastPage = 1, total = messages.length, newCount = 0 } = {},
): MessagesPage {
  return {
    data: {
      data: messages,
      current_page: page,
      last_page: lastPage,
      per_page: 20,
      total,
      links: [],
    },
    new_count: newCount,
  };
}

/** GET /api/services's answer, for the service names. */
export const SERVICES_ANSWER = {
  data: {
    data: [
      { id: 1, key: 'web-development', name: 'Web development', description: '', image_path: '' },
      { id: 2, key: 'seo', name: 'SEO', description: '', image_path: '' },
    ],
  },
};
