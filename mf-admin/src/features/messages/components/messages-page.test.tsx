import { forgetServices } from '@agency/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch, offline } from '../../../testing/fetch';
import { makeMessage, messagesPage, SERVICES_ANSWER } from '../../../testing/messages';
import { renderAdmin } from '../../../testing/render';
import { resetNewMessageCount, useNewMessageCount } from '../api/new-count';
import { MessagesPage } from './messages-page';

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/contact-messages');
const lastQuery = (calls: Call[]) => Object.fromEntries(listCalls(calls).at(-1)?.url.searchParams ?? []);

/** The inbox answering `list` for every list call, and the services for their names. */
function serve(list: (call: Call) => Response | undefined) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/services') return json(SERVICES_ANSWER);
    if (call.url.pathname === '/api/contact-messages') return list(call);
    return undefined;
  });
}

function Badge() {
  return <output data-testid="badge">{String(useNewMessageCount(false))}</output>;
}

describe('MessagesPage', () => {
  beforeEach(() => {
    forgetServices();
    resetNewMessageCount();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists each message: sender, local date, service by name, mailto and tel links, status', async () => {
    serve(() =>
      json(
        messagesPage(
          [
            makeMessage({ id: 7, name: 'Layla Haddad', business: 'Haddad Bakery', status: 'new' }),
            makeMessage({ id: 6, name: 'Tom Reed', service: 'seo', status: 'handled' }),
          ],
          { newCount: 1 },
        ),
      ),
    );
    renderAdmin(<MessagesPage />, { path: '/messages' });
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Loading messages…');
    const link = await screen.findByRole('link', { name: 'Open the message from Layla Haddad' });
    expect(link).toHaveAttribute('href', '/messages/7');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('Haddad Bakery')).toBeInTheDocument();
    // Received at 09:30 UTC: 13:30 on the editor's clock (the tests' browser is in Dubai).
    expect(within(row).getByText('Nov 21, 2026, 1:30 PM', { exact: false })).toBeInTheDocument();
    expect(within(row).getByText('Web development')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'sender7@example.com' })).toHaveAttribute(
      'href',
      'mailto:sender7@example.com',
    );
    expect(within(row).getByRole('link', { name: '+447911123456 (GB)' })).toHaveAttribute(
      'href',
      'tel:+447911123456',
    );
    expect(within(row).getByText('New')).toHaveClass('status-pill--new');
    const other = screen.getByRole('link', { name: 'Open the message from Tom Reed' }).closest('tr');
    expect(within(other as HTMLElement).getByText('SEO')).toBeInTheDocument();
    expect(within(other as HTMLElement).getByText('Handled')).toBeInTheDocument();
    expect(screen.getByText('1 new message')).toBeInTheDocument();
    expect(screen.getByText('2 messages')).toBeInTheDocument();
    expect(document.title).toBe('Messages | Agency');
  });

  it('links a hostile address to that address alone: no cc, bcc or body of its own', async () => {
    const hostile = ['a@b.c?cc=x@y.z&bcc=w@y.z&body=Pay%20now', 'a@b.c%3Fcc=x@y.z%26body=hi'];
    serve(() =>
      json(messagesPage(hostile.map((email, i) => makeMessage({ id: 40 + i, name: `Robot ${i}`, email })))),
    );
    renderAdmin(<MessagesPage />, { path: '/messages' });
    for (const email of hostile) {
      const href = (await screen.findByRole('link', { name: email })).getAttribute('href') as string;
      expect(href.startsWith('mailto:')).toBe(true);
      expect(href).not.toMatch(/[?&]/);
      expect(decodeURIComponent(new URL(href).pathname)).toBe(email);
    }
  });

  it('keeps the count of new messages for the admin bar from every answer', async () => {
    serve(() => json(messagesPage([makeMessage()], { newCount: 4 })));
    renderAdmin(
      <>
        <Badge />
        <MessagesPage />
      </>,
      { path: '/messages' },
    );
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('4'));
  });

  it('filters by status and service, searches (Arabic too), writes them in the address, and clears them', async () => {
    const { calls } = serve((call) =>
      json(
        messagesPage(
          call.url.searchParams.get('q') ? [] : [makeMessage({ name: `For ${call.url.searchParams}` })],
        ),
      ),
    );
    renderAdmin(<MessagesPage />, { path: '/messages' });
    await screen.findByText('1 message');
    expect(lastQuery(calls)).toEqual({ page: '1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'handled');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ status: 'handled', page: '1' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/messages?status=handled');

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Service' })).toHaveTextContent('Web development'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Service' }), 'seo');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ status: 'handled', service: 'seo', page: '1' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '  مخبز  {Enter}');
    await waitFor(() =>
      expect(lastQuery(calls)).toEqual({ status: 'handled', service: 'seo', q: 'مخبز', page: '1' }),
    );
    expect(await screen.findByText('No messages match these filters.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ page: '1' }));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('reads the filters from the address, held to the server limits', async () => {
    const { calls } = serve(() => json(messagesPage([])));
    renderAdmin(<MessagesPage />, {
      path: `/messages?status=bogus&service=seo&q=${'x'.repeat(300)}&page=999999999`,
    });
    await screen.findByText('No messages');
    expect(lastQuery(calls)).toEqual({ service: 'seo', q: 'x'.repeat(200), page: '100000' });
  });

  it('says when there are no messages at all', async () => {
    serve(() => json(messagesPage([])));
    renderAdmin(<MessagesPage />, { path: '/messages' });
    expect(
      await screen.findByText('No messages yet. Messages sent from the contact page appear here.'),
    ).toBeInTheDocument();
    expect(screen.getByText('No new messages')).toBeInTheDocument();
  });

  it('pages with previous and next', async () => {
    const { calls } = serve((call) => {
      const page = Number(call.url.searchParams.get('page'));
      return json(messagesPage([makeMessage({ name: `On page ${page}` })], { page, lastPage: 2, total: 21 }));
    });
    renderAdmin(<MessagesPage />, { path: '/messages?status=new' });
    await screen.findByText('On page 1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('On page 2')).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ status: 'new', page: '2' });
  });

  it('shows a failed load with a way to try again', async () => {
    let down = true;
    serve(() => (down ? offline() : json(messagesPage([makeMessage({ name: 'Back again' })]))));
    renderAdmin(<MessagesPage />, { path: '/messages' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The messages could not be loaded. No response from the server.',
    );
    down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('downloads the filtered list as CSV, with the API key, and says so', async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="api-key" content="k-123">');
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv-1'), revokeObjectURL: vi.fn() }),
    );
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/contact-messages/export.csv')
        return new Response('\uFEFFid,name\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="contact-messages-2026-11-24.csv"',
          },
        });
      if (call.url.pathname === '/api/contact-messages') return json(messagesPage([makeMessage()]));
      return undefined;
    });
    renderAdmin(<MessagesPage />, { path: '/messages?status=spam&q=shop' });
    await screen.findByText('1 message');
    const button = screen.getByRole('button', { name: 'Export CSV' });
    await userEvent.click(button);
    const status = await screen.findByText('Downloaded contact-messages-2026-11-24.csv.');
    expect(status).toHaveFocus();
    const exported = calls.find((c) => c.url.pathname.endsWith('/export.csv')) as Call;
    // The service and plan names in the editor's language.
    expect(Object.fromEntries(exported.url.searchParams)).toEqual({
      status: 'spam',
      q: 'shop',
      language: 'en',
    });
    expect(exported.headers['x-api-key']).toBe('k-123');
    expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'contact-messages-2026-11-24.csv' }]);
    document.head.querySelector('meta[name="api-key"]')?.remove();
  });

  it('says when the export fails', async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/contact-messages/export.csv') return offline();
      if (call.url.pathname === '/api/contact-messages') return json(messagesPage([makeMessage()]));
      return undefined;
    });
    renderAdmin(<MessagesPage />, { path: '/messages' });
    await screen.findByText('1 message');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const said = await screen.findByText(
      'The CSV could not be downloaded. No response from the server. Check your connection and try again.',
    );
    expect(said).toHaveFocus();
    // A failure is an alert, not the polite status line a success is said in (which stays empty).
    expect(said).toHaveAttribute('role', 'alert');
    expect(said.parentElement?.querySelector('.admin-notice[role="status"]')).toBeEmptyDOMElement();
  });

  it('speaks Arabic, right to left, with Arabic plurals', async () => {
    serve(() =>
      json(messagesPage([makeMessage({ name: 'ليلى حداد' }), makeMessage(), makeMessage()], { newCount: 2 })),
    );
    renderAdmin(<MessagesPage />, { path: '/messages', lng: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الرسائل' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).closest('section')).toHaveAttribute('dir', 'rtl');
    expect(await screen.findByText('3 رسائل')).toBeInTheDocument();
    expect(screen.getByText('رسالتان جديدتان')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'افتح الرسالة من ليلى حداد' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'المرسل' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تصدير CSV' })).toBeInTheDocument();
  });

  describe('acting on several messages at once', () => {
    /** An inbox of three new messages that the calls change, as the server would. */
    function inbox({ refuse = 0 } = {}) {
      let messages = [1, 2, 3].map((id) => makeMessage({ id, name: `Sender ${id}` }));
      return mockFetch((call) => {
        const path = call.url.pathname;
        if (path === '/api/services') return json(SERVICES_ANSWER);
        if (path === '/api/contact-messages')
          return json(
            messagesPage(messages, { newCount: messages.filter((m) => m.status === 'new').length }),
          );
        const id = Number(path.split('/').pop());
        if (id === refuse) return json({ message: 'contact_message_not_found' }, 404);
        if (call.method === 'PATCH') {
          const { status } = JSON.parse(String(call.body));
          messages = messages.map((m) => (m.id === id ? { ...m, status } : m));
          return json({ message: 'contact_message_updated', data: messages.find((m) => m.id === id) });
        }
        if (call.method === 'DELETE') {
          messages = messages.filter((m) => m.id !== id);
          return json({ message: 'contact_message_deleted' });
        }
        return undefined;
      });
    }
    const writes = (calls: Call[]) =>
      calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`);

    it('marks the ticked messages handled, says how many, and shows the list as it now is', async () => {
      const { calls } = inbox();
      renderAdmin(<MessagesPage />, { path: '/messages' });
      await userEvent.click(
        await screen.findByRole('checkbox', { name: 'Select the message from Sender 1' }),
      );
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select the message from Sender 3' }));
      const group = screen.getByRole('group', { name: 'With the selected messages' });
      expect(within(group).getByText('2 selected')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty(
        'indeterminate',
        true,
      );
      await userEvent.click(within(group).getByRole('button', { name: 'Mark handled' }));
      // The buttons go with the selection: focus goes to the outcome.
      expect(await screen.findByText('2 messages marked as handled.')).toHaveFocus();
      expect(writes(calls)).toEqual(['PATCH /api/contact-messages/1', 'PATCH /api/contact-messages/3']);
      await waitFor(() =>
        expect(screen.getAllByText('Handled', { selector: '.status-pill' })).toHaveLength(2),
      );
      expect(screen.getByText('1 new message')).toBeInTheDocument();
      expect(screen.queryByRole('group', { name: 'With the selected messages' })).not.toBeInTheDocument();
    });

    it('deletes every message of the page once confirmed, and nothing when not', async () => {
      const confirm = stubConfirm(false);
      const { calls } = inbox();
      renderAdmin(<MessagesPage />, { path: '/messages' });
      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      expect(confirm).toHaveBeenCalledWith(
        'Delete 3 messages? They are erased for good and cannot be recovered.',
      );
      expect(writes(calls)).toEqual([]);
      stubConfirm(true);
      await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('3 messages deleted.')).toBeInTheDocument();
      expect(writes(calls)).toHaveLength(3);
      expect(
        await screen.findByText('No messages yet. Messages sent from the contact page appear here.'),
      ).toBeInTheDocument();
    });

    it('says what could not be changed, in Arabic, and keeps the rest done', async () => {
      inbox({ refuse: 2 });
      renderAdmin(<MessagesPage />, { path: '/messages', lng: 'ar' });
      await userEvent.click(await screen.findByRole('checkbox', { name: 'حدّد كل رسائل هذه الصفحة' }));
      expect(screen.getByText('3 رسائل محددة')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'علّمها كمزعجة' }));
      expect(
        await screen.findByText('عُلّمت رسالتان كمزعجتين. تعذّر تغيير رسالة واحدة: هذه الرسالة لم تعد موجودة.'),
      ).toHaveFocus();
    });

    it('starts afresh on another filter or page', async () => {
      inbox();
      renderAdmin(<MessagesPage />, { path: '/messages' });
      await userEvent.click(
        await screen.findByRole('checkbox', { name: 'Select the message from Sender 2' }),
      );
      expect(screen.getByText('1 selected')).toBeInTheDocument();
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'new');
      await screen.findByRole('checkbox', { name: 'Select the message from Sender 2' });
      expect(screen.getByRole('checkbox', { name: 'Select the message from Sender 2' })).not.toBeChecked();
      expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    });
  });
});
