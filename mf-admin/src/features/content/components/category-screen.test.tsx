import { setMeta } from '@agency/core';
import type { ContentCategory } from '@agency/core/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { renderAdmin } from '../../../testing/render';
import { CategoryScreen } from './category-screen';

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';

function category(id: number, key: string, en: string, ar: string, items = 2): ContentCategory {
  return { id, key, name_en: en, name_ar: ar, position: id * 10, items, version: V1 };
}

function serve(list: ContentCategory[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname.endsWith('/categories')) return json({ data: list });
    return writes(call);
  });
}

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body ?? 'null'));

beforeEach(() => {
  setMeta('csrf-token', 'tok');
});

describe('CategoryScreen', () => {
  it('lists the pricing categories with both names, key and number of plans, and moves one with the keyboard', async () => {
    const list = [
      category(1, 'web-development', 'Website Development', 'تطوير المواقع'),
      category(2, 'seo', 'SEO Services', 'تحسين محركات البحث', 1),
    ];
    const { calls } = serve(list, (call) =>
      call.method === 'PUT' && call.url.pathname === '/api/pricing/categories/order'
        ? json({ message: 'category_reordered', data: [list[1], list[0]] })
        : undefined,
    );
    renderAdmin(<CategoryScreen kind="pricing" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing categories' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('category-item');
    expect(rows[0]).toHaveTextContent('Website Development');
    expect(rows[0]).toHaveTextContent('تطوير المواقع');
    expect(rows[0]).toHaveTextContent('web-development · 2 plans');
    expect(rows[1]).toHaveTextContent('seo · 1 plan');
    const down = screen.getByRole('button', { name: 'Move “Website Development” down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/pricing/categories/order')).toBe(true),
    );
    const order = calls.find((c) => c.url.pathname === '/api/pricing/categories/order');
    expect(bodyOf(order)).toEqual({ ids: [2, 1] });
    await waitFor(() => expect(screen.getAllByTestId('category-item')[0]).toHaveTextContent('SEO Services'));
    // Focus stays on the moved category's button, in its new place.
    expect(screen.getByRole('button', { name: 'Move “Website Development” up' })).toHaveFocus();
  });

  it('renames a category in both languages with its version, and reloads on a 409', async () => {
    const list = [category(1, 'general', 'General', 'عام')];
    let conflict = false;
    const { calls } = serve(list, (call) => {
      if (call.method !== 'PUT' || call.url.pathname !== '/api/faq/categories/1') return undefined;
      if (conflict) return json({ message: 'category_conflict', current: { ...list[0], version: V2 } }, 409);
      const sent = bodyOf(call);
      return json({ message: 'category_updated', data: { ...sent, version: V2 } });
    });
    renderAdmin(<CategoryScreen kind="faq" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Rename “General”' }));
    const row = screen.getByRole('form', { name: 'Rename “General”' });
    const english = within(row).getByLabelText('English name');
    expect(english).toHaveFocus();
    await userEvent.clear(english);
    await userEvent.type(english, 'General questions');
    const arabic = within(row).getByLabelText('Arabic name');
    expect(arabic).toHaveAttribute('dir', 'rtl');
    await userEvent.clear(arabic);
    await userEvent.type(arabic, 'أسئلة عامة');
    await userEvent.click(screen.getByRole('button', { name: 'Save names' }));
    await screen.findByText('General questions');
    const put = calls.find((c) => c.method === 'PUT');
    expect(bodyOf(put)).toMatchObject({
      key: 'general',
      name_en: 'General questions',
      name_ar: 'أسئلة عامة',
      version: V1,
    });
    expect(screen.getByText('أسئلة عامة')).toBeInTheDocument();

    conflict = true;
    await userEvent.click(screen.getByRole('button', { name: 'Rename “General questions”' }));
    const again = screen.getByRole('form', { name: 'Rename “General questions”' });
    await userEvent.type(within(again).getByLabelText('English name'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save names' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone else changed this category after you opened it',
    );
  });

  it('says, in the editor’s language, that a category with items is not deleted and how many it holds', async () => {
    const list = [category(1, 'general', 'General', 'عام', 3), category(2, 'empty', 'Empty', 'فارغ', 0)];
    const { calls } = serve(list, (call) => {
      if (call.method !== 'DELETE') return undefined;
      return call.url.pathname.endsWith('/1')
        ? json({ message: 'category_not_empty', items: 3 }, 409)
        : json({ message: 'category_deleted' });
    });
    const confirm = stubConfirm(true);
    renderAdmin(<CategoryScreen kind="faq" />, { lng: 'ar' });
    const remove = await screen.findByRole('button', { name: 'حذف «عام»' });
    await userEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith('أتحذف التصنيف «عام»؟');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ما زال «عام» يحوي 3 أسئلة: انقلها إلى تصنيف آخر أو احذفها أولًا.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'حذف «فارغ»' }));
    await waitFor(() => expect(screen.getAllByTestId('category-item')).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/faq/categories/1',
      '/api/faq/categories/2',
    ]);
  });

  it('checks a new category with core’s rules, then adds it at the end; the server’s refusal shows by its field', async () => {
    const list = [category(1, 'general', 'General', 'عام')];
    let taken = true;
    const { calls } = serve(list, (call) => {
      if (call.method !== 'POST') return undefined;
      if (taken) return json({ message: 'key_taken', errors: { key: ['key_taken'] } }, 422);
      return json(
        { message: 'category_created', data: category(5, 'billing', 'Billing', 'الفواتير', 0) },
        201,
      );
    });
    renderAdmin(<CategoryScreen kind="faq" />);
    await screen.findAllByTestId('category-item');
    const add = screen.getByRole('button', { name: 'Add category' });
    await userEvent.click(add);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The category was not added:');
    expect(
      within(alert).getByRole('link', { name: 'English name: This field is required.' }),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const form = screen.getByRole('form', { name: 'New category' });
    await userEvent.type(within(form).getByLabelText('English name'), 'Billing');
    await userEvent.type(within(form).getByLabelText('Arabic name'), 'الفواتير');
    await userEvent.type(within(form).getByLabelText('Key (optional)'), 'general');
    await userEvent.click(add);
    expect(await within(form).findByText('This key is already used: choose another.')).toBeInTheDocument();

    taken = false;
    await userEvent.clear(within(form).getByLabelText('Key (optional)'));
    await userEvent.click(add);
    await waitFor(() => expect(screen.getAllByTestId('category-item')).toHaveLength(2));
    expect(bodyOf(calls.filter((c) => c.method === 'POST').at(-1))).toEqual({
      key: '',
      name_en: 'Billing',
      name_ar: 'الفواتير',
    });
    expect(within(form).getByLabelText('English name')).toHaveValue('');
  });
});
