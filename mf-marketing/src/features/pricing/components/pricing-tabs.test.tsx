import { CONTACT_PLANS } from '@agency/core/rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { PLAN_NAMES, PRICING } from '../lib/plans';
import { PricingTabs } from './pricing-tabs';

function planCards() {
  return within(screen.getByRole('tabpanel')).getAllByRole('article');
}

function card(name: string) {
  return planCards().find((c) => within(c).queryByRole('heading', { name })) as HTMLElement;
}

describe('PricingTabs', () => {
  it('has a tab for every category, Website Development selected, with its four plans', async () => {
    await renderMarketing(<PricingTabs />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(
      PRICING.map((c) => TEXTS.en.pricing.categories[c.key as 'seo']),
    );
    expect(screen.getByRole('tab', { name: 'Website Development' })).toHaveAttribute('aria-selected', 'true');
    expect(planCards().map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Starter',
      'Professional',
      'Advanced',
      'Custom Solution',
    ]);
  });

  it('shows the spec prices: Website Development 1200 / 2500 / 4000 GBP one-time, Custom quote-based', async () => {
    await renderMarketing(<PricingTabs />);
    expect(card('Starter')).toHaveTextContent('£1,200one-time');
    expect(card('Professional')).toHaveTextContent('£2,500one-time');
    expect(card('Advanced')).toHaveTextContent('£4,000one-time');
    expect(card('Custom Solution')).toHaveTextContent('Quote-based');
    expect(within(card('Starter')).getByText('Up to 5 pages')).toBeInTheDocument();
    expect(within(card('Starter')).getByText('1 month of support')).toBeInTheDocument();
    expect(within(card('Advanced')).getByText('6 months of support')).toBeInTheDocument();
  });

  it.each([
    {
      tab: 'SEO Services',
      starter: '£300per month',
      professional: '£500per month',
      advanced: '£800per month',
    },
    {
      tab: 'Mobile App Development',
      starter: '£2,000one-time',
      professional: '£4,000one-time',
      advanced: '£8,000one-time',
    },
    {
      tab: 'Paid Advertising',
      starter: '£400per month',
      professional: '£700per month',
      advanced: '£1,200per month',
    },
    {
      tab: 'Digital Marketing',
      starter: '£700per month',
      professional: '£1,300per month',
      advanced: '£2,200per month',
    },
    // The spec leaves the Professional plan's type unset here: no period.
    {
      tab: 'Social Media Management',
      starter: '£500per month',
      professional: '£800',
      advanced: '£1,200per month',
    },
    { tab: 'Branding', starter: '£300one-time', professional: '£600one-time', advanced: '£1,000one-time' },
    { tab: 'UI/UX Design', starter: '£150one-time', professional: '£400one-time', advanced: '£800one-time' },
    {
      tab: 'Video Editing',
      starter: '£50per video',
      professional: '£600for 5 videos',
      advanced: '£1,200for 10 videos',
    },
    {
      tab: 'Motion Graphics',
      starter: '£100per video',
      professional: '£700for 4 videos',
      advanced: '£1,500for a 60–90 second video',
    },
  ])('$tab: $starter / $professional / $advanced', async ({ tab, starter, professional, advanced }) => {
    const user = userEvent.setup();
    await renderMarketing(<PricingTabs />);
    await user.click(screen.getByRole('tab', { name: tab }));
    expect(within(card('Starter')).getByText(/£/).closest('p')).toHaveTextContent(new RegExp(`^${starter}$`));
    expect(within(card('Professional')).getByText(/£/).closest('p')).toHaveTextContent(
      new RegExp(`^${professional}$`),
    );
    expect(within(card('Advanced')).getByText(/£/).closest('p')).toHaveTextContent(
      new RegExp(`^${advanced}$`),
    );
    expect(card('Custom Solution')).toHaveTextContent('Quote-based');
  });

  it('sends every "get started" to /contact with its service and plan chosen', async () => {
    await renderMarketing(<PricingTabs />);
    const links = within(screen.getByRole('tabpanel')).getAllByRole('link', { name: /Get started/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/contact?service=web-development&plan=starter',
      '/contact?service=web-development&plan=professional',
      '/contact?service=web-development&plan=advanced',
      '/contact?service=web-development&plan=custom',
    ]);
  });

  it('names its plans as the contact form and the API take them', () => {
    expect(PLAN_NAMES).toEqual(CONTACT_PLANS);
  });

  it('offers only the categories it is given (the home teaser: the first three)', async () => {
    await renderMarketing(<PricingTabs categories={PRICING.slice(0, 3)} />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Website Development',
      'Mobile App Development',
      'SEO Services',
    ]);
  });

  it('is in Arabic with Arabic plurals and prices', async () => {
    await renderMarketing(<PricingTabs />, { lng: 'ar' });
    expect(screen.getByRole('tab', { name: 'تطوير المواقع الإلكترونية' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(card('الأساسية')).getByText('حتى 5 صفحات')).toBeInTheDocument();
    expect(within(card('الأساسية')).getByText('دعم لمدة شهر واحد')).toBeInTheDocument();
    expect(within(card('المتقدمة')).getByText('حتى 20 صفحة')).toBeInTheDocument();
    expect(card('الأساسية')).toHaveTextContent('لمرة واحدة');
    expect(card('حل مخصص')).toHaveTextContent('حسب العرض');
  });

  it('shows Arabic prices as Intl writes them, the pound sign of Arabic kept whole in an isolate', async () => {
    await renderMarketing(<PricingTabs />, { lng: 'ar' });
    const amount = card('الأساسية').querySelector('.plan-card__amount');
    expect(amount?.textContent).toBe(
      new Intl.NumberFormat('ar', {
        style: 'currency',
        currency: 'GBP',
        currencyDisplay: 'narrowSymbol',
        maximumFractionDigits: 0,
      }).format(1200),
    );
    // Without the isolate a right-to-left line shows `UK£` as `£UK`, left of the figure.
    const symbol = within(card('الأساسية')).getByText('UK£');
    expect(symbol.tagName).toBe('BDI');
    expect(symbol.parentElement).toBe(amount);
  });

  it('translates every feature and unit of every plan in both languages', async () => {
    const { default: i18next } = await import('i18next');
    await renderMarketing(<PricingTabs />);
    for (const lng of ['en', 'ar'] as const) {
      const t = i18next.getFixedT(lng, 'marketing');
      for (const category of PRICING) {
        for (const plan of category.plans) {
          for (const { key, count } of plan.features) {
            const text = t(`pricing.features.${key}`, count === undefined ? {} : { count });
            expect(text, `${lng} ${key}`).not.toContain('pricing.');
            // Arabic says one and two in words (شهر واحد، جولتا تعديلات); other counts show the number.
            if (count !== undefined && (lng === 'en' || count > 2)) {
              expect(text, `${lng} ${key}`).toContain(String(count));
            }
          }
        }
      }
    }
  });
});
