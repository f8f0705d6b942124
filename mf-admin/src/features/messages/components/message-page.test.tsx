import { forgetServices, useParams } from '@agency/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { makeMessage, messagesPage, SERVICES_ANSWER } from '../../../testing/messages';
import { renderAdmin } from '../../../testing/render';
import type { ContactMessage } from '../api/messages';
import { resetNewMessageCount } from '../api/new-count';
import { MessagePage } from './message-page';

function Routed() {
  const { id = '' } = useParams();
  return <MessagePage id={id} />;
}

/** The API with one message in it, changed by the calls as the server would. */
function serveMessage(initial: ContactMessage, { retry }: { retry?: () => Response } = {}) {
  let message: ContactMessage | null = initial;
  const api = mockFetch(async (call) => {
    const path = call.url.pathname;
    if (path === '/api/services') return json(SERVICES_ANSWER);
    if (path === '/api/contact-messages') return json(messagesPage([], { newCount: 3 }));
    if (path === `/api/contact-messages/${initial.id}/retry-mail` && call.method === 'POST') {
      if (retry) return retry();
      const mail = { ...initial.mail, status: 'queued' as const, next_attempt_at: new Date().toISOString() };
      message = { ...(message as ContactMessage), mail };
      return json({ message: 'mail_retry_queued', data: message }, 202);
    }
    if (path !== `/api/contact-messages/${initial.id}` || !message)
      return json({ message: 'contact_message_not_found' }, 404);
    if (call.method === 'PATCH') {
      message = { ...message, status: JSON.parse(String(call.body)).status };
      return json({ message: 'contact_message_updated', data: message });
    }
    if (call.method === 'DELETE') {
      message = null;
      return json({ message: 'contact_message_deleted' });
    }
    return json(message);
  });
  return api;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const open = (id: number | string, lng: 'en' | 'ar' = 'en') =>
  renderAdmin(<Routed />, { path: `/messages/${id}`, route: '/messages/:id', lng });

describe('MessagePage', () => {
  beforeEach(() => {
    forgetServices();
    resetNewMessageCount();
    document.head.insertAdjacentHTML('beforeend', '<meta name="csrf-token" content="csrf-1">');
  });
  afterEach(() => {
    document.head.querySelector('meta[name="csrf-token"]')?.remove();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the whole message as plain text, with its line breaks, and the sender', async () => {
    const text = 'Hello,\n<img src=x onerror="alert(1)"> is what our old site showed.\n\nThanks';
    serveMessage(
      makeMessage({ id: 9, name: 'Layla Haddad', business: 'Haddad Bakery', service: 'seo', message: text }),
    );
    const { container } = open(9);
    expect(await screen.findByRole('heading', { level: 1, name: 'Layla Haddad' })).toBeInTheDocument();
    const body = container.querySelector('.message-view__text') as HTMLElement;
    expect(body.textContent).toBe(text);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'sender9@example.com' })).toHaveAttribute(
      'href',
      'mailto:sender9@example.com',
    );
    expect(screen.getByRole('link', { name: '+447911123456 (GB)' })).toHaveAttribute(
      'href',
      'tel:+447911123456',
    );
    expect(screen.getByText('Haddad Bakery')).toBeInTheDocument();
    expect(await screen.findByText('SEO')).toBeInTheDocument();
    expect(screen.getByText(/^Received Nov 21, 2026/)).toBeInTheDocument();
    expect(document.title).toBe('Message from Layla Haddad | Agency');
    expect(screen.getByRole('link', { name: 'Back to all messages' })).toHaveAttribute('href', '/messages');
  });

  it('names the service as the message was sent, after it was renamed or deleted; the key for older messages', async () => {
    serveMessage(
      makeMessage({
        id: 11,
        service: 'motion-graphics',
        service_name: { en: 'Motion Graphics', ar: 'الموشن جرافيك' },
      }),
    );
    const first = open(11);
    expect(await screen.findByText('Motion Graphics')).toBeInTheDocument();
    first.unmount();
    open(11, 'ar');
    expect(await screen.findByText('الموشن جرافيك')).toBeInTheDocument();
  });

  it('names an older message’s deleted service by its key', async () => {
    serveMessage(makeMessage({ id: 12, service: 'gone-service', service_name: {} }));
    open(12);
    expect(await screen.findByText('gone-service')).toBeInTheDocument();
  });

  it('marks it handled and back to new, the button keeping focus, and refreshes the new count', async () => {
    const { calls } = serveMessage(makeMessage({ id: 4 }));
    open(4);
    const button = await screen.findByRole('button', { name: 'Mark handled' });
    await userEvent.click(button);
    expect(await screen.findByText('Marked as handled.')).toBeInTheDocument();
    expect(screen.getByText('Handled')).toHaveClass('status-pill--handled');
    expect(button).toHaveTextContent('Back to new');
    expect(button).toHaveFocus();
    const [patch] = writes(calls);
    expect(patch?.method).toBe('PATCH');
    expect(JSON.parse(String(patch?.body))).toEqual({ status: 'handled' });
    expect(patch?.headers['X-CSRF-TOKEN']).toBe('csrf-1');
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/contact-messages' && c.method === 'GET')).toBe(true),
    );

    await userEvent.click(button);
    expect(await screen.findByText('Marked as new.')).toBeInTheDocument();
    expect(JSON.parse(String(writes(calls)[1]?.body))).toEqual({ status: 'new' });
  });

  it('marks it spam, and not spam again', async () => {
    const { calls } = serveMessage(makeMessage({ id: 5 }));
    open(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    expect(await screen.findByText('Marked as spam.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Not spam' }));
    expect(await screen.findByText('Marked as new.')).toBeInTheDocument();
    expect(writes(calls).map((c) => JSON.parse(String(c.body)).status)).toEqual(['spam', 'new']);
  });

  it('deletes only once confirmed, then goes back to the list saying so', async () => {
    const confirm = stubConfirm(false);
    const { calls } = serveMessage(makeMessage({ id: 6, name: 'Tom Reed' }));
    open(6);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete message' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete the message from Tom Reed? It is erased for good and cannot be recovered.',
    );
    expect(writes(calls)).toEqual([]);
    stubConfirm(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete message' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/messages$/));
    expect(writes(calls).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'DELETE /api/contact-messages/6',
    ]);
  });

  it('shows a failed notification with its last error, and retries it', async () => {
    const { calls } = serveMessage(
      makeMessage({
        id: 8,
        mail: {
          status: 'failed',
          attempts: 5,
          last_error: '550 5.1.1 Mailbox unavailable',
          next_attempt_at: null,
          sent_at: null,
        },
      }),
    );
    open(8);
    expect(await screen.findByText('Could not be sent after 5 attempts.')).toBeInTheDocument();
    expect(screen.getByText('550 5.1.1 Mailbox unavailable')).toHaveAttribute('dir', 'ltr');
    await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    // The retry button is gone: focus goes to the outcome.
    expect(await screen.findByText('The e-mail is being sent again.')).toHaveFocus();
    expect(screen.getByText('Waiting to be sent.')).toBeInTheDocument();
    expect(screen.getByText('Tried 5 times so far.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the e-mail again' })).not.toBeInTheDocument();
    expect(writes(calls).map((c) => c.url.pathname)).toEqual(['/api/contact-messages/8/retry-mail']);
  });

  it("says why a retry was refused, in the editor's language", async () => {
    serveMessage(
      makeMessage({
        id: 3,
        mail: { status: 'failed', attempts: 5, last_error: null, next_attempt_at: null, sent_at: null },
      }),
      { retry: () => json({ message: 'mail_off' }, 409) },
    );
    open(3, 'ar');
    await userEvent.click(await screen.findByRole('button', { name: 'أعد إرسال البريد' }));
    expect(
      await screen.findByText('البريد الإلكتروني غير مُعدّ على هذا الخادم، فلا يمكن إرسال شيء.'),
    ).toBeInTheDocument();
  });

  it('offers a reply by e-mail with the subject filled in and the message quoted', async () => {
    serveMessage(
      makeMessage({ id: 2, name: 'Sam', email: 'sam+shop@example.com', message: 'Line one\nLine two' }),
    );
    open(2);
    const reply = await screen.findByRole('link', { name: 'Reply by e-mail to Sam' });
    const href = new URL(reply.getAttribute('href') as string);
    expect(href.protocol).toBe('mailto:');
    expect(decodeURIComponent(href.pathname)).toBe('sam+shop@example.com');
    expect(href.searchParams.get('subject')).toBe('Your message to Agency');
    expect(href.searchParams.get('body')).toContain('> Line one\r\n> Line two');
    expect([...href.searchParams.keys()]).toEqual(['subject', 'body']);
  });

  it('links a hostile address to that address alone: no cc, bcc or body of its own', async () => {
    for (const [id, email] of [
      [31, 'a@b.c?cc=x@y.z&bcc=w@y.z&body=Pay%20now'],
      [32, 'a@b.c%3Fcc=x@y.z%26body=hi'],
    ] as const) {
      serveMessage(makeMessage({ id, name: 'Sam', email }));
      const { unmount } = open(id);
      for (const link of [
        await screen.findByRole('link', { name: email }),
        screen.getByRole('link', { name: 'Reply by e-mail to Sam' }),
      ]) {
        const href = link.getAttribute('href') as string;
        const url = new URL(href);
        expect(decodeURIComponent(url.pathname)).toBe(email);
        expect([...url.searchParams.keys()].filter((key) => key !== 'subject' && key !== 'body')).toEqual([]);
      }
      // The sender's own link carries no field at all; the reply only its subject and quoted message.
      expect(screen.getByRole('link', { name: email }).getAttribute('href')).not.toContain('?');
      const reply = new URL(
        screen.getByRole('link', { name: 'Reply by e-mail to Sam' }).getAttribute('href') as string,
      );
      expect(reply.searchParams.get('body')).not.toContain('Pay now');
      unmount();
    }
  });

  it('says when the message no longer exists, and asks nothing for an id that is not one', async () => {
    serveMessage(makeMessage({ id: 1 }));
    open(404);
    expect(await screen.findByRole('alert')).toHaveTextContent('This message no longer exists.');
    const { calls } = mockFetch(() => undefined);
    open('abc');
    expect((await screen.findAllByRole('alert')).at(-1)).toHaveTextContent('This message no longer exists.');
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/contact-messages/'))).toEqual([]);
  });

  it('speaks Arabic, right to left', async () => {
    serveMessage(makeMessage({ id: 11, name: 'ليلى', message: 'نريد موقعًا جديدًا لمتجرنا.' }));
    open(11, 'ar');
    const heading = await screen.findByRole('heading', { level: 1, name: 'ليلى' });
    expect(heading.closest('section')).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('نريد موقعًا جديدًا لمتجرنا.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'علّمها كمعالجة' })).toBeInTheDocument();
    expect(screen.getByText('جديدة')).toBeInTheDocument();
  });
});
