import { setMeta } from '@agency/core';
import type { FaqItem } from '@agency/core/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { adminDb } from '../../../lib/admin-db';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { renderAdmin } from '../../../testing/render';
import { FaqItemScreen, FaqListScreen } from './faq-screens';

vi.mock(
  '../../post-editor/components/rich-text-editor',
  () => import('../../../testing/rich-text-editor-stub'),
);

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';

function item(id: number, overrides: Partial<FaqItem> = {}): FaqItem {
  return {
    id,
    language: 'en',
    translation_id: null,
    position: id * 10,
    version: V1,
    category: 'general',
    question: `Question ${id}?`,
    answer: `<p>Answer ${id}.</p>`,
    hidden: false,
    ...overrides,
  };
}

const CATEGORIES = {
  en: [
    { key: 'general', name: 'General' },
    { key: 'support', name: 'Support' },
  ],
  ar: [
    { key: 'general', name: 'عام' },
    { key: 'support', name: 'الدعم' },
  ],
};

function serve(items: FaqItem[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/faq/items') {
      const language = (call.url.searchParams.get('language') ?? 'en') as 'en' | 'ar';
      return json({
        data: { categories: CATEGORIES[language], items: items.filter((i) => i.language === language) },
      });
    }
    const one = /^\/api\/faq\/items\/(\d+)$/.exec(call.url.pathname);
    if (call.method === 'GET' && one) {
      const found = items.find((i) => i.id === Number(one[1]));
      return found ? json({ data: found }) : json({ message: 'FAQ item not found' }, 404);
    }
    return writes(call);
  });
}

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

describe('FAQ editor screens', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the questions of one language by category, hidden ones marked', async () => {
    serve([item(1), item(2, { hidden: true }), item(3, { category: 'support', translation_id: 9 })]);
    renderAdmin(<FaqListScreen />, { path: '/site/faq?language=en' });
    const general = await screen.findByRole('region', { name: 'General' });
    const rows = within(general).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      'Question 1?',
      'Question 2?',
    ]);
    expect(within(rows[1] as HTMLElement).getByText(en.content.hiddenBadge)).toBeInTheDocument();
    const support = screen.getByRole('region', { name: 'Support' });
    expect(within(support).getByRole('link', { name: 'Open the Arabic version' })).toHaveAttribute(
      'href',
      '/site/faq/9',
    );
    expect(within(general).getAllByRole('link', { name: 'Translate into Arabic' })[0]).toHaveAttribute(
      'href',
      '/site/faq/new?language=ar&translation_of=1',
    );
  });

  it('moves a question with the keyboard, sends the new order and keeps focus on the button', async () => {
    const { calls } = serve([item(1), item(2), item(3)], (call) =>
      call.url.pathname === '/api/faq/order'
        ? json({ message: 'faq_reordered', data: [item(2), item(1), item(3)] })
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<FaqListScreen />, { path: '/site/faq?language=en' });
    const down = await screen.findByRole('button', { name: 'Move “Question 1?” down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/faq/order')).toBe(true));
    const order = calls.find((c) => c.url.pathname === '/api/faq/order');
    expect(order?.method).toBe('PUT');
    expect(bodyOf(order)).toEqual({ language: 'en', category: 'general', ids: [2, 1, 3] });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('“Question 1?” is now 2 of 3.'));
    const rows = within(screen.getByRole('region', { name: 'General' })).getAllByRole('listitem');
    expect(within(rows[1] as HTMLElement).getAllByRole('link')[0]).toHaveTextContent('Question 1?');
    expect(screen.getByRole('button', { name: 'Move “Question 1?” down' })).toHaveFocus();
  });

  it('hides a question with its version, and deletes one only once confirmed', async () => {
    const { calls } = serve([item(1), item(2)], (call) => {
      if (call.method === 'PUT')
        return json({ message: 'faq_item_updated', data: { ...bodyOf(call), version: V2 } });
      if (call.method === 'DELETE') return json({ message: 'faq_item_deleted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(<FaqListScreen />, { path: '/site/faq?language=en' });
    await user.click(await screen.findByRole('button', { name: 'Hide “Question 1?”' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Show “Question 1?”' })).toBeInTheDocument(),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/faq/items/1');
    expect(bodyOf(put)).toMatchObject({ hidden: true, version: V1, question: 'Question 1?' });

    const confirm = stubConfirm(false);
    await user.click(screen.getByRole('button', { name: 'Delete “Question 2?”' }));
    expect(confirm).toHaveBeenCalledWith('Delete “Question 2?”? Its translation stays.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    stubConfirm(true);
    await user.click(screen.getByRole('button', { name: 'Delete “Question 2?”' }));
    await waitFor(() => expect(screen.queryByText('Question 2?')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/faq/items/2');
  });

  it('checks the form with core’s rules in Arabic, right to left, before sending anything', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    renderAdmin(<FaqItemScreen />, { lng: 'ar', path: '/site/faq/new?language=ar', route: '/site/faq/:id' });
    await user.click(await screen.findByRole('button', { name: ar.content.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(ar.editor.errorSummary);
    const question = screen.getByLabelText(new RegExp(ar.faq.fields.question));
    expect(question).toHaveAttribute('dir', 'rtl');
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(ar.content.errors.required)).toHaveLength(2);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('edits an answer; a 409 offers to keep mine, which is sent again over the saved version', async () => {
    const arabic = item(5, { language: 'ar', question: 'سؤال؟', answer: '<p>جواب قديم</p>' });
    let puts = 0;
    const { calls } = serve([arabic], (call) => {
      if (call.method !== 'PUT') return undefined;
      puts += 1;
      if (puts === 1)
        return json(
          { message: 'faq_conflict', current: { ...arabic, version: V2, question: 'سؤال آخر؟' } },
          409,
        );
      return json({
        message: 'faq_item_updated',
        data: { ...bodyOf(call), version: '2026-11-22T00:00:00.000Z' },
      });
    });
    const user = userEvent.setup();
    renderAdmin(<FaqItemScreen />, { lng: 'ar', path: '/site/faq/5', route: '/site/faq/:id' });
    const answer = await screen.findByRole('textbox', { name: new RegExp(ar.faq.fields.answer) });
    await user.clear(answer);
    await user.type(answer, '<p>جواب جديد</p>');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    const dialog = await screen.findByRole('alertdialog', { name: ar.content.conflictTitle });
    await user.click(within(dialog).getByRole('button', { name: ar.content.keepMine }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/site/faq?language=ar'));
    const [first, second] = calls.filter((c) => c.method === 'PUT').map(bodyOf);
    expect(first).toMatchObject({ version: V1, answer: '<p>جواب جديد</p>' });
    expect(second).toMatchObject({ version: V2, answer: '<p>جواب جديد</p>', question: 'سؤال؟' });
    // Accepted: nothing is left on the device.
    expect(await (await adminDb()).getAll('content-drafts')).toEqual([]);
  });

  it('keeps unsent edits on the device and offers them back when the form is opened again', async () => {
    serve([item(1)], () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    const first = renderAdmin(<FaqItemScreen />, { path: '/site/faq/1', route: '/site/faq/:id' });
    const question = await screen.findByLabelText(/Question/);
    await user.clear(question);
    await user.type(question, 'Kept?');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(en.content.keptOffline);
    first.unmount();

    renderAdmin(<FaqItemScreen />, { path: '/site/faq/1', route: '/site/faq/:id' });
    const dialog = await screen.findByRole('alertdialog', { name: en.content.restoreTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.restore }));
    expect(screen.getByLabelText(/Question/)).toHaveValue('Kept?');
  });
});
