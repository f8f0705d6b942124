import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_AR, HOME_EN } from '../../../testing/home';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { BlogTeaser } from './blog-teaser';
import { carouselSettings, slidesFor } from './client-logos';
import { HomePage } from './home-page';
import { ServicesPreview } from './services-preview';

const services = Array.from({ length: 10 }, (_, i) => ({
  id: i + 1,
  key: `service-${i + 1}`,
  slug: `page-${i + 1}`,
  name: `Service ${i + 1}`,
  description: `About service ${i + 1}.`,
  image_path: '',
  sections: [],
}));

function post(id: number, language: 'en' | 'ar') {
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    status: 'published',
    poster_image: null,
    poster_image_url: null,
    description: `What post ${id} says.`,
    language,
    published_at: '2026-03-05T00:00:00.000Z',
    content: '',
    seo_title: '',
    seo_description: '',
  };
}

type Answer = (url: URL) => Response | Promise<Response>;

function stubApi({
  posts,
  servicesAnswer,
  home,
}: {
  posts?: Answer;
  servicesAnswer?: Answer;
  home?: Answer;
} = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/home') {
      if (home) return home(url);
      const data = url.searchParams.get('language') === 'ar' ? HOME_AR : HOME_EN;
      return new Response(JSON.stringify({ data }));
    }
    if (url.pathname === '/api/services') {
      return servicesAnswer
        ? servicesAnswer(url)
        : new Response(JSON.stringify({ data: { data: services } }));
    }
    if (url.pathname === '/api/pricing') {
      const categories = [
        ['web-development', 'Website Development'],
        ['mobile-apps', 'Mobile App Development'],
        ['seo', 'SEO Services'],
        ['branding', 'Branding'],
      ].map(([key, name]) => ({ key, name, plans: [] }));
      return new Response(JSON.stringify({ data: { language: 'en', categories } }));
    }
    if (url.pathname === '/api/posts') {
      return posts ? posts(url) : new Response(JSON.stringify({ data: { data: [] } }));
    }
    return new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('home page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has the hero picture buttons to pricing and about, and every block', async () => {
    stubApi();
    await renderMarketing(<HomePage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: HOME_EN.texts.hero_title }),
    ).toBeInTheDocument();
    expect(screen.getByText(HOME_EN.texts.hero_lead)).toBeInTheDocument();
    const pricing = screen.getByRole('link', { name: TEXTS.en.home.hero.pricing });
    expect(pricing).toHaveAttribute('href', '/pricing?lng=en');
    // The picture is drawn in the link's own colour, so it follows forced colours (no picture file).
    const icon = pricing.querySelector('svg');
    expect(icon).toHaveAttribute('stroke', 'currentColor');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(pricing.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: TEXTS.en.home.hero.about })).toHaveAttribute(
      'href',
      '/about?lng=en',
    );
    for (const name of [
      HOME_EN.texts.about_title,
      HOME_EN.texts.services_title,
      HOME_EN.texts.why_title,
      HOME_EN.texts.portfolio_title,
      HOME_EN.texts.pricing_title,
      HOME_EN.texts.blog_title,
      HOME_EN.texts.cta_title,
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    // The spec's figures.
    for (const figure of ['95%', '+1000', '+500']) expect(screen.getByText(figure)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEXTS.en.pricing.showAll })).toHaveAttribute(
      'href',
      '/pricing?lng=en',
    );
    // Pricing teaser: the first three categories the server has (GET /api/pricing) only.
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'Website Development',
      'Mobile App Development',
      'SEO Services',
    ]);
  });

  it("names the portfolio teaser's next button for where it goes, starting with the word it shows", async () => {
    for (const lng of ['en', 'ar'] as const) {
      stubApi();
      const { unmount } = await renderMarketing(<HomePage />, { lng });
      const next = await screen.findByRole('link', { name: TEXTS[lng].portfolio.nextToPortfolio });
      expect(next).toHaveAttribute('href', `/portfolio?lng=${lng}`);
      expect(next).toHaveTextContent(TEXTS[lng].portfolio.next);
      expect(TEXTS[lng].portfolio.nextToPortfolio.startsWith(TEXTS[lng].portfolio.next)).toBe(true);
      expect(screen.queryByRole('link', { name: TEXTS[lng].portfolio.next })).toBeNull();
      unmount();
    }
  });

  it("shows the portfolio's first projects in each language, each leading to its page with its cover and alt text", async () => {
    for (const [lng, home] of [
      ['en', HOME_EN],
      ['ar', HOME_AR],
    ] as const) {
      stubApi();
      const { unmount } = await renderMarketing(<HomePage />, { lng });
      const section = (
        await screen.findByRole('heading', { level: 2, name: home.texts.portfolio_title })
      ).closest('section') as HTMLElement;
      const cards = within(section).getAllByRole('listitem');
      expect(cards).toHaveLength(home.projects.length);
      home.projects.forEach((project, i) => {
        const card = within(cards[i] as HTMLElement).getByRole('link', { name: new RegExp(project.title) });
        expect(card).toHaveAttribute('href', `/portfolio/${encodeURIComponent(project.slug)}?lng=${lng}`);
        expect(within(card).getByAltText(project.cover_alt)).toHaveAttribute(
          'src',
          project.cover_image.replace(/\.webp$/, '-800w.webp'),
        );
      });
      // One link per category the cards show, to that category of the portfolio.
      expect(
        within(section).getByRole('link', { name: TEXTS[lng].portfolio.categories.design }),
      ).toHaveAttribute('href', `/portfolio?category=design&lng=${lng}`);
      unmount();
    }
  });

  it('leaves the portfolio teaser out when no project is visible (or the answer has none)', async () => {
    for (const projects of [[], undefined]) {
      stubApi({ home: () => new Response(JSON.stringify({ data: { ...HOME_EN, projects } })) });
      const { unmount } = await renderMarketing(<HomePage />);
      await screen.findByRole('heading', { level: 1, name: HOME_EN.texts.hero_title });
      expect(screen.queryByRole('heading', { name: HOME_EN.texts.portfolio_title })).toBeNull();
      expect(screen.queryByRole('link', { name: TEXTS.en.portfolio.nextToPortfolio })).toBeNull();
      unmount();
    }
  });

  it('shows the fifteen client logos with their names', async () => {
    stubApi();
    await renderMarketing(<HomePage />);
    const carousel = await screen.findByRole('region', { name: TEXTS.en.home.clientsLabel });
    for (const logo of HOME_EN.logos)
      expect(within(carousel).getAllByAltText(logo.name).length).toBeGreaterThan(0);
    expect(HOME_EN.logos).toHaveLength(15);
  });

  it('shows the texts and logos the agency edited, in Arabic: an uploaded logo at its 480 px width, the others as seeded', async () => {
    const uploaded = {
      id: 99,
      name: 'وردة الصحراء',
      image: '/storage/poster_images/0123456789abcdef0123456789abcdef.webp',
    };
    stubApi({
      home: () =>
        new Response(
          JSON.stringify({
            data: {
              ...HOME_AR,
              texts: {
                ...HOME_AR.texts,
                hero_title: 'عنوان جديد',
                cta_button: 'اتصل الآن',
                stat_2_value: '+2000',
              },
              logos: [uploaded, ...HOME_AR.logos.slice(1)],
            },
          }),
        ),
    });
    await renderMarketing(<HomePage />, { lng: 'ar' });
    expect(await screen.findByRole('heading', { level: 1, name: 'عنوان جديد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'اتصل الآن' })).toHaveAttribute('href', '/contact?lng=ar');
    expect(screen.getByText('+2000')).toBeInTheDocument();
    const carousel = screen.getByRole('region', { name: TEXTS.ar.home.clientsLabel });
    expect(within(carousel).getAllByAltText('وردة الصحراء')[0]).toHaveAttribute(
      'src',
      '/storage/poster_images/0123456789abcdef0123456789abcdef-480w.webp',
    );
    expect(within(carousel).queryAllByAltText(HOME_AR.logos[0]?.name ?? '')).toHaveLength(0);
    expect(within(carousel).getAllByAltText(HOME_AR.logos[1]?.name ?? '')[0]).toHaveAttribute(
      'src',
      '/mf/mf-marketing/images/clients/client-02.svg',
    );
  });

  it('leaves the carousel out when every logo is hidden', async () => {
    stubApi({ home: () => new Response(JSON.stringify({ data: { ...HOME_EN, logos: [] } })) });
    await renderMarketing(<HomePage />);
    await screen.findByRole('heading', { level: 1, name: HOME_EN.texts.hero_title });
    expect(screen.queryByRole('region', { name: TEXTS.en.home.clientsLabel })).toBeNull();
  });

  it('says while the page loads, and when it could not, with a retry that loads it', async () => {
    let fail = true;
    stubApi({
      home: () =>
        fail
          ? Promise.reject(new TypeError('Failed to fetch'))
          : new Response(JSON.stringify({ data: HOME_AR })),
    });
    await renderMarketing(<HomePage />, { lng: 'ar' });
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.ar.home.loading);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.ar.home.error);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: TEXTS.ar.errors.retry }));
    expect(
      await screen.findByRole('heading', { level: 1, name: HOME_AR.texts.hero_title }),
    ).toBeInTheDocument();
  });
});

describe('client carousel settings', () => {
  it.each([
    [1280, 4],
    [1024, 4],
    [1023, 3],
    [768, 3],
    [767, 2],
    [480, 2],
    [479, 1],
    [320, 1],
  ])('at %i px shows %i logos a slide', (width, slides) => {
    expect(slidesFor(width)).toBe(slides);
  });

  it('has dots, autoplay, endless looping, no arrows, 500 ms slides, pausing on hover', () => {
    expect(carouselSettings(4, false, true)).toMatchObject({
      dots: true,
      arrows: false,
      infinite: true,
      autoplay: true,
      speed: 500,
      pauseOnHover: true,
      pauseOnDotsHover: true,
      slidesToShow: 4,
      slidesToScroll: 4,
      rtl: false,
      swipe: true,
    });
  });

  it('keeps slick left to right in Arabic (mirrored by CSS, it follows swipes itself), and can be stopped', () => {
    expect(carouselSettings(1, true, false)).toMatchObject({
      autoplay: false,
      rtl: false,
      swipe: false,
      slidesToShow: 1,
    });
  });
});

describe('services preview', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows six services a page, with previous and next unavailable at the ends, keeping focus', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderMarketing(<ServicesPreview title={HOME_EN.texts.services_title} />);
    expect(await screen.findAllByRole('article')).toHaveLength(6);
    const previous = screen.getByRole('button', { name: TEXTS.en.home.services.previous });
    const next = screen.getByRole('button', { name: TEXTS.en.home.services.next });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(cards[0]).toHaveTextContent('Service 7');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // The button that reached the last page keeps focus, and pressing it again changes nothing.
    expect(next).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Service 7');
    expect(previous).toHaveAttribute('aria-disabled', 'false');
    await user.click(previous);
    expect(screen.getAllByRole('article')[0]).toHaveTextContent('Service 1');
    expect(screen.getByRole('link', { name: TEXTS.en.home.services.viewAll })).toHaveAttribute(
      'href',
      '/services?lng=en',
    );
  });

  it('links each card to its service page', async () => {
    stubApi();
    await renderMarketing(<ServicesPreview title={HOME_EN.texts.services_title} />);
    const [first] = await screen.findAllByRole('article');
    expect(within(first as HTMLElement).getByRole('link')).toHaveAttribute('href', '/services/page-1?lng=en');
  });

  it('says when the services could not be loaded', async () => {
    stubApi({ servicesAnswer: () => new Response('', { status: 500 }) });
    await renderMarketing(<ServicesPreview title={HOME_EN.texts.services_title} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.services.error);
  });
});

describe('blog teaser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for ten posts in the reader language and shows the first three of that language', async () => {
    const fetch = stubApi({
      posts: () =>
        new Response(
          JSON.stringify({
            data: { data: [post(1, 'en'), post(2, 'ar'), post(3, 'en'), post(4, 'en'), post(5, 'en')] },
          }),
        ),
    });
    await renderMarketing(<BlogTeaser title={HOME_EN.texts.blog_title} />);
    expect(screen.getByRole('status')).toHaveTextContent(TEXTS.en.home.blog.loading);
    const links = await screen.findAllByRole('link', { name: /Post \d/ });
    expect(links.map((l) => l.textContent)).toEqual(['Post 1', 'Post 3', 'Post 4']);
    expect(links[0]).toHaveAttribute('href', '/blog/post-1?lng=en');
    const url = new URL(
      String(fetch.mock.calls.find((c) => String(c[0]).includes('/api/posts'))?.[0]),
      'http://x',
    );
    expect(url.searchParams.get('language')).toBe('en');
    expect(url.searchParams.get('per_page')).toBe('10');
    expect(screen.getByRole('link', { name: TEXTS.en.home.blog.viewAll })).toHaveAttribute(
      'href',
      '/blog?lng=en',
    );
  });

  it('says when there are no posts', async () => {
    stubApi({ posts: () => new Response(JSON.stringify({ data: { data: [post(2, 'ar')] } })) });
    await renderMarketing(<BlogTeaser title={HOME_EN.texts.blog_title} />);
    expect(await screen.findByText(TEXTS.en.home.blog.empty)).toBeInTheDocument();
  });

  it('says when the posts could not be loaded, in Arabic', async () => {
    stubApi({ posts: () => Promise.reject(new TypeError('Failed to fetch')) });
    await renderMarketing(<BlogTeaser title={HOME_EN.texts.blog_title} />, { lng: 'ar' });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.ar.home.blog.error);
  });

  it('falls back to a plain panel when a poster fails', async () => {
    stubApi({
      posts: () =>
        new Response(JSON.stringify({ data: { data: [{ ...post(1, 'en'), poster_image: 'a.webp' }] } })),
    });
    await renderMarketing(<BlogTeaser title={HOME_EN.texts.blog_title} />);
    const card = (await screen.findByRole('link', { name: 'Post 1' })).closest('article') as HTMLElement;
    const img = card.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/storage/poster_images/a.webp');
    act(() => {
      img.dispatchEvent(new Event('error'));
    });
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector('.teaser-card__poster--empty')).not.toBeNull();
  });
});
