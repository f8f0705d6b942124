import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { ServiceDetailPage, sectionImage } from './service-detail-page';

const SEO = {
  id: 3,
  key: 'seo',
  slug: 'seo',
  name: 'SEO',
  description: 'Search engine optimisation.',
  image_path: '/mf/mf-marketing/images/services/seo.svg',
  sections: [
    {
      id: 10,
      type: 'hero',
      data: { title: 'Be found when customers search', description: 'We make your site easy to find.' },
    },
    {
      id: 11,
      type: 'content',
      data: {
        title: 'Technical SEO',
        description: 'We fix crawling.',
        items: ['Site audits', 'Page speed'],
        layout: 'left',
      },
    },
    {
      id: 12,
      type: 'content',
      data: { title: 'Content', description: 'Pages people want.', items: [], layout: 'right' },
    },
  ],
};

function stub(answer: (url: URL) => Promise<Response> | Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderService(key: string, lng: 'en' | 'ar' = 'en') {
  return renderMarketing(<ServiceDetailPage />, {
    lng,
    path: `/services/${key}`,
    route: '/services/:serviceType',
  });
}

describe('/services/{serviceType}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the current address in the bar when the service was read at an old one, query kept', async () => {
    // The server answered 301 at the old address and fetch followed it: the answer is the service as it is now.
    stub(() => new Response(JSON.stringify({ data: { ...SEO, slug: 'تحسين-محركات-البحث' } })));
    await renderMarketing(<ServiceDetailPage />, {
      lng: 'ar',
      path: '/services/seo?lng=ar',
      route: '/services/:serviceType',
    });
    await screen.findByRole('heading', { level: 1, name: 'Be found when customers search' });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/services/${encodeURIComponent('تحسين-محركات-البحث')}?lng=ar`,
      ),
    );
  });

  it('shows the hero and every content section in its layout, with the alternating picture', async () => {
    const fetch = stub(() => new Response(JSON.stringify({ data: SEO })));
    await renderService('seo');
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.serviceDetail.loading);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Be found when customers search' }),
    ).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/services/seo?language=en');
    // The title is set in an effect, which may run just after the heading is painted.
    await waitFor(() => expect(document.title).toContain('Be found when customers search'));
    const first = screen
      .getByRole('heading', { level: 2, name: 'Technical SEO' })
      .closest('section') as HTMLElement;
    expect(first).toHaveClass('service-section--left');
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Site audits', 'Page speed']);
    expect(first.querySelector('img')).toHaveAttribute('src', sectionImage(11));
    const second = screen
      .getByRole('heading', { level: 2, name: 'Content' })
      .closest('section') as HTMLElement;
    expect(second).toHaveClass('service-section--right');
    expect(within(second).queryByRole('list')).toBeNull();
    expect(second.querySelector('img')).toHaveAttribute('src', sectionImage(12));
    expect(sectionImage(11)).not.toBe(sectionImage(12));
    for (const link of screen.getAllByRole('link', { name: TEXTS.en.serviceDetail.getQuote })) {
      expect(link).toHaveAttribute('href', '/contact?service=seo&lng=en');
    }
  });

  it.each([
    { why: 'an unknown service (404)', status: 404, body: { message: 'Service not found' } },
    { why: 'a server error', status: 500, body: { message: 'Server Error' } },
    { why: 'no data', status: 200, body: { data: null } },
  ])('shows the 404 page for $why', async ({ status, body }) => {
    stub(() => new Response(JSON.stringify(body), { status }));
    await renderService('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/?lng=en');
  });

  it('says it is offline instead of "not found", and loads when the connection is back', async () => {
    let online = false;
    stub(() =>
      online ? new Response(JSON.stringify({ data: SEO })) : Promise.reject(new TypeError('Failed to fetch')),
    );
    await renderService('seo');
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.errors.offline);
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Be found when customers search' }),
    ).toBeInTheDocument();
  });

  it('asks again in Arabic when the language is Arabic, and the 404 page is Arabic', async () => {
    const fetch = stub(() => new Response(JSON.stringify({ message: 'Service not found' }), { status: 404 }));
    await renderService('seo', 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toContain('language=ar');
  });

  it('"Try again" loads once more', async () => {
    let online = false;
    stub(() => (online ? new Response(JSON.stringify({ data: SEO })) : Promise.reject(new TypeError('x'))));
    const user = userEvent.setup();
    await renderService('seo');
    const alert = await screen.findByRole('alert');
    online = true;
    await user.click(within(alert).getByRole('button', { name: TEXTS.en.errors.retry }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Technical SEO' })).toBeInTheDocument();
  });
});
