import type { PublicFaq } from '@agency/core/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { Faq } from './faq';

const FAQ: Record<'en' | 'ar', PublicFaq> = {
  en: {
    language: 'en',
    categories: [
      {
        key: 'general',
        name: 'General',
        items: [
          { id: 1, question: 'How do we start?', answer: '<p>Send us a <strong>message</strong>.</p>' },
          { id: 2, question: 'Where are you?', answer: '<p>Everywhere.</p>' },
        ],
      },
      {
        key: 'pricing',
        name: 'Pricing',
        items: [{ id: 3, question: 'Fixed prices?', answer: '<p>Yes.</p>' }],
      },
    ],
  },
  ar: {
    language: 'ar',
    categories: [
      { key: 'general', name: 'عام', items: [{ id: 4, question: 'كيف نبدأ؟', answer: '<p>راسلنا.</p>' }] },
      {
        key: 'pricing',
        name: 'الأسعار',
        items: [{ id: 5, question: 'هل الأسعار ثابتة؟', answer: '<p>نعم.</p>' }],
      },
    ],
  },
};

function stubFaq(answer: (language: string) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/faq') return answer(url.searchParams.get('language') ?? 'en');
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const served = () =>
  stubFaq((language) => new Response(JSON.stringify({ data: FAQ[language as 'en' | 'ar'] })));

describe('Faq', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server’s FAQ: the first category’s questions, every answer closed', async () => {
    const fetch = served();
    await renderMarketing(<Faq />);
    const general = await screen.findByRole('tab', { name: 'General' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringContaining('/api/faq?language=en'),
    ]);
    const toggles = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(toggles.map((toggle) => toggle.textContent)).toEqual(['How do we start?+', 'Where are you?+']);
    for (const toggle of toggles) expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps one answer open at a time, with the answer’s own markup', async () => {
    served();
    const user = userEvent.setup();
    await renderMarketing(<Faq />);
    const first = await screen.findByRole('button', { name: 'How do we start?' });
    const second = screen.getByRole('button', { name: 'Where are you?' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('message', { selector: 'strong' })).toBeVisible();
    await user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Everywhere.')).toBeVisible();
    expect(screen.getByText('message', { selector: 'strong' })).not.toBeVisible();
  });

  it('closes every answer when the tab changes, and shows that tab’s questions', async () => {
    served();
    const user = userEvent.setup();
    await renderMarketing(<Faq />);
    await user.click(await screen.findByRole('button', { name: 'How do we start?' }));
    await user.click(screen.getByRole('tab', { name: 'Pricing' }));
    const toggles = within(screen.getByRole('tabpanel')).getAllByRole('button');
    expect(toggles).toHaveLength(1);
    expect(toggles[0]).toHaveAccessibleName('Fixed prices?');
    await user.click(screen.getByRole('tab', { name: 'General' }));
    for (const toggle of within(screen.getByRole('tabpanel')).getAllByRole('button'))
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('reads the FAQ in Arabic and moves between tabs with the arrow keys, mirrored', async () => {
    served();
    const user = userEvent.setup();
    await renderMarketing(<Faq />, { lng: 'ar' });
    (await screen.findByRole('tab', { name: 'عام' })).focus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'الأسعار' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getByRole('button')).toHaveAccessibleName(
      'هل الأسعار ثابتة؟',
    );
  });

  it('says so when the questions cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFaq((language) =>
      fail
        ? new Response(JSON.stringify({ message: 'Service Unavailable' }), { status: 503 })
        : new Response(JSON.stringify({ data: FAQ[language as 'en'] })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await renderMarketing(<Faq />);
      await vi.runAllTimersAsync();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(TEXTS.en.faq.error);
      fail = false;
      await user.click(within(alert).getByRole('button', { name: TEXTS.en.errors.retry }));
      expect(await screen.findByRole('tab', { name: 'General' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
