import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { DEFAULT_SERVICE_ICON } from './service-card';
import { ServicesPage } from './services-page';

function service(id: number, key: string, name: string, description = `About ${name}.`) {
  return {
    id,
    key,
    // The page's address, apart from the key: cards link by it.
    slug: `${key}-services`,
    name,
    description,
    image_path: `/mf/mf-marketing/images/services/${key}.svg`,
    sections: [],
  };
}

function stubServices(answer: () => Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/services') return answer();
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const ok = (list: unknown[]) => async () => new Response(JSON.stringify({ data: { data: list } }));

describe('/services', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the hero with links to pricing and about, the services, the contact form and the FAQ', async () => {
    stubServices(ok([service(1, 'seo', 'SEO Services'), service(2, 'branding', 'Branding')]));
    await renderMarketing(<ServicesPage />, { path: '/services' });
    // The page shows once the code of its parts (the FAQ, the contact form) is here too.
    expect(
      await screen.findByRole('heading', { level: 1, name: TEXTS.en.pages.services.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS.en.services.seePricing })).toHaveAttribute(
      'href',
      '/pricing?lng=en',
    );
    expect(screen.getByRole('link', { name: TEXTS.en.services.aboutUs })).toHaveAttribute(
      'href',
      '/about?lng=en',
    );
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: /SEO Services/ })).toHaveAttribute(
      'href',
      '/services/seo-services?lng=en',
    );
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.en.contact.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.en.faq.title })).toBeInTheDocument();
  });

  it('holds the room of the cards while they load, and says it is loading', async () => {
    stubServices(() => new Promise<Response>(() => undefined));
    await renderMarketing(<ServicesPage />, { path: '/services' });
    const section = await screen.findByRole('region', { name: TEXTS.en.services.gridTitle });
    expect(within(section).getByRole('status')).toHaveTextContent(TEXTS.en.services.loading);
    expect(section.querySelectorAll('[aria-hidden="true"] .skeleton-card')).toHaveLength(6);
  });

  it('cuts a long description at 250 characters with an ellipsis', async () => {
    stubServices(ok([service(1, 'seo', 'SEO Services', 'x'.repeat(300))]));
    await renderMarketing(<ServicesPage />, { path: '/services' });
    expect(await screen.findByText(`${'x'.repeat(250)}…`)).toBeInTheDocument();
  });

  it('shows an uploaded image at its 480 px width with the alt text the editor wrote', async () => {
    const file = `/storage/poster_images/${'a'.repeat(32)}.webp`;
    stubServices(
      ok([
        { ...service(1, 'seo', 'SEO Services'), image_path: file, image_alt: 'A magnifying glass' },
        service(2, 'branding', 'Branding'),
      ]),
    );
    await renderMarketing(<ServicesPage />, { path: '/services' });
    const [seo, branding] = await screen.findAllByRole('article');
    expect(within(seo as HTMLElement).getByRole('img', { name: 'A magnifying glass' })).toHaveAttribute(
      'src',
      `/storage/poster_images/${'a'.repeat(32)}-480w.webp`,
    );
    // The site's own pictures as they are; without alt text, decorative.
    const icon = (branding as HTMLElement).querySelector('img');
    expect(icon).toHaveAttribute('src', '/mf/mf-marketing/images/services/branding.svg');
    expect(icon).toHaveAttribute('alt', '');
  });

  it('falls back to the default icon when a service icon fails', async () => {
    stubServices(ok([service(1, 'seo', 'SEO Services')]));
    await renderMarketing(<ServicesPage />, { path: '/services' });
    const card = await screen.findByRole('article');
    const icon = card.querySelector('img') as HTMLImageElement;
    act(() => {
      icon.dispatchEvent(new Event('error'));
    });
    expect(icon.getAttribute('src')).toBe(DEFAULT_SERVICE_ICON);
  });

  it('says when there are no services', async () => {
    stubServices(ok([]));
    await renderMarketing(<ServicesPage />, { path: '/services' });
    const section = await screen.findByRole('region', { name: TEXTS.en.services.gridTitle });
    expect(await within(section).findByText(TEXTS.en.services.empty)).toBeInTheDocument();
  });

  it('says when the services could not be loaded, and tries again', async () => {
    let fail = true;
    stubServices(async () =>
      fail
        ? new Response('', { status: 503 })
        : new Response(JSON.stringify({ data: { data: [service(1, 'seo', 'SEO')] } })),
    );
    const user = userEvent.setup();
    await renderMarketing(<ServicesPage />, { path: '/services' });
    const alert = await screen.findByText(TEXTS.en.services.error);
    fail = false;
    await user.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', {
        name: TEXTS.en.errors.retry,
      }),
    );
    expect(await screen.findByRole('article')).toHaveTextContent('SEO');
  });

  it('is in Arabic for Arabic readers', async () => {
    stubServices(ok([service(1, 'seo', 'تحسين محركات البحث')]));
    await renderMarketing(<ServicesPage />, { lng: 'ar', path: '/services' });
    expect(
      screen.getByRole('heading', { level: 1, name: TEXTS.ar.pages.services.title }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: new RegExp(TEXTS.ar.services.learnMore) }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: TEXTS.ar.faq.title })).toBeInTheDocument();
  });
});
