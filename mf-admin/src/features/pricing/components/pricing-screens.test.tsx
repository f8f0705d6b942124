import { setMeta } from '@agency/core';
import type { PricingPlan } from '@agency/core/content';
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
import { PricingListScreen, PricingPlanScreen } from './pricing-screens';

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';

function plan(id: number, overrides: Partial<PricingPlan> = {}): PricingPlan {
  return {
    id,
    language: 'en',
    translation_id: null,
    position: id * 10,
    version: V1,
    category: 'web-development',
    key: 'starter',
    name: `Plan ${id}`,
    description: 'For small businesses.',
    type: 'one_time',
    price: 1200,
    currency: 'GBP',
    unit: '',
    features: ['Up to 5 pages', 'Contact form'],
    highlighted: false,
    hidden: false,
    ...overrides,
  };
}

const CATEGORIES = {
  en: [
    { key: 'web-development', name: 'Website Development' },
    { key: 'seo', name: 'SEO Services' },
  ],
  ar: [
    { key: 'web-development', name: 'تطوير المواقع الإلكترونية' },
    { key: 'seo', name: 'تحسين محركات البحث' },
  ],
};

function serve(plans: PricingPlan[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/pricing/plans') {
      const language = (call.url.searchParams.get('language') ?? 'en') as 'en' | 'ar';
      return json({
        data: { categories: CATEGORIES[language], items: plans.filter((p) => p.language === language) },
      });
    }
    const one = /^\/api\/pricing\/plans\/(\d+)$/.exec(call.url.pathname);
    if (call.method === 'GET' && one) {
      const found = plans.find((p) => p.id === Number(one[1]));
      return found ? json({ data: found }) : json({ message: 'Pricing plan not found' }, 404);
    }
    return writes(call);
  });
}

/** A field's label as it starts (a required field's label ends with its mark). */
const labelled = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

describe('pricing editor screens', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the plans of one language by service, hidden ones marked, each with its translation', async () => {
    serve([plan(1), plan(2, { hidden: true }), plan(3, { category: 'seo', translation_id: 9 })]);
    renderAdmin(<PricingListScreen />, { path: '/site/pricing?language=en' });
    const web = await screen.findByRole('region', { name: 'Website Development' });
    const rows = within(web).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual(['Plan 1', 'Plan 2']);
    expect(within(rows[1] as HTMLElement).getByText(en.content.hiddenBadge)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'SEO Services' })).getByRole('link', {
        name: 'Open the Arabic version',
      }),
    ).toHaveAttribute('href', '/site/pricing/9');
    expect(within(web).getAllByRole('link', { name: 'Translate into Arabic' })[0]).toHaveAttribute(
      'href',
      '/site/pricing/new?language=ar&translation_of=1',
    );
    // The categories have their own screen, shared with the FAQ's.
    expect(screen.getByRole('link', { name: en.categories.open.pricing })).toHaveAttribute(
      'href',
      '/site/pricing/categories',
    );
  });

  it('moves a plan with the keyboard, and hides and deletes one only once confirmed', async () => {
    const { calls } = serve([plan(1), plan(2), plan(3)], (call) => {
      if (call.url.pathname === '/api/pricing/order')
        return json({ message: 'pricing_reordered', data: [plan(2), plan(1), plan(3)] });
      if (call.method === 'PUT' && call.url.pathname.startsWith('/api/pricing/plans/'))
        return json({ message: 'pricing_plan_updated', data: { ...bodyOf(call), version: V2 } });
      if (call.method === 'DELETE') return json({ message: 'pricing_plan_deleted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(<PricingListScreen />, { path: '/site/pricing?language=en' });
    const down = await screen.findByRole('button', { name: 'Move “Plan 1” down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/pricing/order')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url.pathname === '/api/pricing/order'))).toEqual({
      language: 'en',
      category: 'web-development',
      ids: [2, 1, 3],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Plan 1” down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Hide “Plan 3”' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show “Plan 3”' })).toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname !== '/api/pricing/order');
    expect(put?.url.pathname).toBe('/api/pricing/plans/3');
    expect(bodyOf(put)).toMatchObject({ hidden: true, version: V1, price: 1200, key: 'starter' });

    const confirm = stubConfirm(false);
    await user.click(screen.getByRole('button', { name: 'Delete “Plan 2”' }));
    expect(confirm).toHaveBeenCalledWith('Delete “Plan 2”? Its translation stays.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    stubConfirm(true);
    await user.click(screen.getByRole('button', { name: 'Delete “Plan 2”' }));
    await waitFor(() => expect(screen.queryByText('Plan 2')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/pricing/plans/2');
  });

  it('checks a new plan with core’s rules in Arabic, right to left: a price unless quote-based', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    renderAdmin(<PricingPlanScreen />, {
      lng: 'ar',
      path: '/site/pricing/new?language=ar',
      route: '/site/pricing/:id',
    });
    await user.click(await screen.findByRole('button', { name: ar.content.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(ar.editor.errorSummary);
    const name = screen.getByLabelText(labelled(ar.pricing.fields.name));
    expect(name).toHaveAttribute('dir', 'rtl');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(labelled(ar.pricing.fields.features))).toHaveAttribute('dir', 'rtl');
    // The key is optional (made from the name by the server) and reads left to right.
    const key = screen.getByLabelText(labelled(ar.pricing.fields.key));
    expect(key).toHaveAttribute('dir', 'ltr');
    expect(key).toHaveValue('');
    // Name, description and (one-time by default) price.
    expect(screen.getAllByText(ar.content.errors.required)).toHaveLength(3);
    await user.selectOptions(
      screen.getByLabelText(labelled(ar.pricing.fields.type)),
      ar.pricing.types.quote_based,
    );
    await user.type(name, 'خطة');
    await user.type(screen.getByLabelText(labelled(ar.pricing.fields.description)), 'وصف');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toMatchObject({
      language: 'ar',
      name: 'خطة',
      type: 'quote_based',
      price: null,
      features: [],
      key: '',
    });
  });

  it('edits a price and the features (one a line); a 409 offers to keep mine, sent again over the saved version', async () => {
    const arabic = plan(5, { language: 'ar', name: 'الأساسية', features: ['حتى 5 صفحات'] });
    let puts = 0;
    const { calls } = serve([arabic], (call) => {
      if (call.method !== 'PUT') return undefined;
      puts += 1;
      if (puts === 1)
        return json({ message: 'pricing_conflict', current: { ...arabic, version: V2, price: 999 } }, 409);
      return json({
        message: 'pricing_plan_updated',
        data: { ...bodyOf(call), version: '2026-11-22T00:00:00.000Z' },
      });
    });
    const user = userEvent.setup();
    renderAdmin(<PricingPlanScreen />, { lng: 'ar', path: '/site/pricing/5', route: '/site/pricing/:id' });
    const price = await screen.findByLabelText(labelled(ar.pricing.fields.price));
    expect(price).toHaveValue('1200');
    await user.clear(price);
    await user.type(price, '1350');
    const features = screen.getByLabelText(labelled(ar.pricing.fields.features));
    await user.type(features, '{Enter}دعم لمدة شهر');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    const dialog = await screen.findByRole('alertdialog', { name: ar.content.conflictTitle });
    await user.click(within(dialog).getByRole('button', { name: ar.content.keepMine }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/site/pricing?language=ar'),
    );
    const [first, second] = calls.filter((c) => c.method === 'PUT').map(bodyOf);
    expect(first).toMatchObject({ version: V1, price: 1350, features: ['حتى 5 صفحات', 'دعم لمدة شهر'] });
    expect(second).toMatchObject({ version: V2, price: 1350, key: 'starter' });
    expect(await (await adminDb()).getAll('content-drafts')).toEqual([]);
  });

  it('keeps unsent edits on the device and offers them back when the form is opened again', async () => {
    serve([plan(1)], () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    const first = renderAdmin(<PricingPlanScreen />, { path: '/site/pricing/1', route: '/site/pricing/:id' });
    const price = await screen.findByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, '990');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(en.content.keptOffline);
    first.unmount();

    renderAdmin(<PricingPlanScreen />, { path: '/site/pricing/1', route: '/site/pricing/:id' });
    const dialog = await screen.findByRole('alertdialog', { name: en.content.restoreTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.restore }));
    expect(screen.getByLabelText(/Price/)).toHaveValue('990');
  });
});
