import type { PublicPlan, PublicPricing } from '@agency/core/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { Pricing } from './pricing-tabs';

const plan = (id: number, values: Partial<PublicPlan>): PublicPlan => ({
  id,
  key: 'starter',
  name: 'Starter',
  description: 'For small businesses.',
  type: 'one_time',
  price: 1200,
  currency: 'GBP',
  unit: '',
  features: [],
  highlighted: false,
  ...values,
});

/** Pricing as GET /api/pricing answers it (a few of the seeded plans, as the agency may have edited them). */
const PRICING: Record<'en' | 'ar', PublicPricing> = {
  en: {
    language: 'en',
    categories: [
      {
        key: 'mobile-apps',
        name: 'Mobile App Development',
        plans: [plan(9, { price: 2000, features: ['Up to 10 screens'] })],
      },
      {
        key: 'web-development',
        name: 'Website Development',
        plans: [
          plan(1, { features: ['Up to 5 pages', '1 month of support'] }),
          plan(2, { key: 'professional', name: 'Professional', price: 2500, highlighted: true }),
          plan(3, { key: 'custom', name: 'Custom Solution', type: 'quote_based', price: null }),
        ],
      },
      {
        key: 'seo',
        name: 'SEO Services',
        plans: [plan(4, { type: 'monthly', price: 300 }), plan(5, { key: 'advanced', type: '', price: 800 })],
      },
      {
        key: 'video-editing',
        name: 'Video Editing',
        plans: [
          plan(6, { type: 'per_video', price: 50 }),
          plan(7, { key: 'professional', type: 'per_video', price: 600, unit: 'for 5 videos' }),
        ],
      },
    ],
  },
  ar: {
    language: 'ar',
    categories: [
      {
        key: 'web-development',
        name: 'تطوير المواقع الإلكترونية',
        plans: [
          plan(11, { name: 'الأساسية', features: ['حتى 5 صفحات'] }),
          plan(13, { key: 'custom', name: 'حل مخصص', type: 'quote_based', price: null }),
        ],
      },
    ],
  },
};

function stubPricing(answer: (language: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/pricing') return answer(url.searchParams.get('language') ?? 'en');
      return new Response('{}', { status: 404 });
    }),
  );
}
const served = () =>
  stubPricing((language) => new Response(JSON.stringify({ data: PRICING[language as 'en' | 'ar'] })));

const cards = () => within(screen.getByRole('tabpanel')).getAllByRole('article');
const card = (name: string) => cards().find((c) => within(c).queryByRole('heading', { name })) as HTMLElement;

describe('Pricing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s categories as tabs, Website Development selected, with its plans as written', async () => {
    served();
    await renderMarketing(<Pricing />);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Mobile App Development',
      'Website Development',
      'SEO Services',
      'Video Editing',
    ]);
    expect(screen.getByRole('tab', { name: 'Website Development' })).toHaveAttribute('aria-selected', 'true');
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Starter',
      'Professional',
      'Custom Solution',
    ]);
    expect(card('Starter')).toHaveTextContent('£1,200one-time');
    expect(within(card('Starter')).getByText('1 month of support')).toBeInTheDocument();
    expect(card('Custom Solution')).toHaveTextContent(TEXTS.en.pricing.quoteBased);
    // The highlighted plan is the one marked most popular.
    expect(within(card('Professional')).getByText(TEXTS.en.pricing.popular)).toBeInTheDocument();
    expect(within(card('Starter')).queryByText(TEXTS.en.pricing.popular)).toBeNull();
  });

  it('writes each type’s period, what a price covers, and no period for a plan without a type', async () => {
    served();
    const user = userEvent.setup();
    await renderMarketing(<Pricing />);
    await user.click(await screen.findByRole('tab', { name: 'SEO Services' }));
    expect(cards().map((c) => c.querySelector('.plan-card__price')?.textContent)).toEqual([
      '£300per month',
      '£800',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Video Editing' }));
    expect(cards().map((c) => c.querySelector('.plan-card__price')?.textContent)).toEqual([
      '£50per video',
      '£600for 5 videos',
    ]);
  });

  it('sends every "get started" to /contact with its service and the plan’s key', async () => {
    served();
    await renderMarketing(<Pricing />);
    await screen.findAllByRole('tab');
    const links = within(screen.getByRole('tabpanel')).getAllByRole('link', { name: /Get started/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/contact?service=web-development&plan=starter&lng=en',
      '/contact?service=web-development&plan=professional&lng=en',
      '/contact?service=web-development&plan=custom&lng=en',
    ]);
  });

  it('offers only the first categories when limited (the home teaser)', async () => {
    served();
    await renderMarketing(<Pricing limit={2} />);
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Mobile App Development',
      'Website Development',
    ]);
  });

  it('is in Arabic with the Arabic plans and prices', async () => {
    served();
    await renderMarketing(<Pricing />, { lng: 'ar' });
    expect(await screen.findByRole('tab', { name: 'تطوير المواقع الإلكترونية' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(card('الأساسية')).getByText('حتى 5 صفحات')).toBeInTheDocument();
    expect(card('الأساسية')).toHaveTextContent(TEXTS.ar.pricing.types.ot);
    expect(card('حل مخصص')).toHaveTextContent(TEXTS.ar.pricing.quoteBased);
    expect(within(card('الأساسية')).getByText('UK£').tagName).toBe('BDI');
  });

  it('shows nothing when every plan is hidden', async () => {
    stubPricing(() => new Response(JSON.stringify({ data: { language: 'en', categories: [] } })));
    const { container } = await renderMarketing(<Pricing />);
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(container.querySelector('.pricing')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the plans cannot be loaded, and tries again', async () => {
    let fail = true;
    stubPricing((language) =>
      fail
        ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 })
        : new Response(JSON.stringify({ data: PRICING[language as 'en'] })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderMarketing(<Pricing />);
      await vi.runAllTimersAsync();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(TEXTS.en.pricing.error);
      fail = false;
      await user.click(within(alert).getByRole('button', { name: TEXTS.en.errors.retry }));
      expect(await screen.findByRole('tab', { name: 'Website Development' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
