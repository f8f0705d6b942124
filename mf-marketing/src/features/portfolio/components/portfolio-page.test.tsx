import type { PortfolioCard, PublicPortfolio, PublicProject } from '@agency/core/content';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMarketing, TEXTS } from '../../../testing/render';
import { PortfolioPage } from './portfolio-page';
import { ProjectPage } from './project-page';

const IMAGE = `/storage/poster_images/${'b'.repeat(32)}.webp`;

function card(id: number, category = 'design', language: 'en' | 'ar' = 'en'): PortfolioCard {
  return {
    id,
    slug: `project-${id}`,
    language,
    title: `Project ${id}`,
    client: `Client ${id}`,
    category,
    cover_image: IMAGE,
    cover_alt: `Cover of project ${id}`,
    summary: `What we did for client ${id}.`,
  };
}

/** Answers GET /api/portfolio from `projects` as the API pages them (six a page), and records the queries. */
function stubApi(projects: PortfolioCard[], project?: PublicProject) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/portfolio') {
      const category = url.searchParams.get('category');
      const page = Number(url.searchParams.get('page') ?? 1);
      const listed = projects.filter((p) => !category || p.category === category);
      const body: PublicPortfolio = {
        language: (url.searchParams.get('language') ?? 'en') as 'en',
        categories: [...new Set(projects.map((p) => p.category))],
        category,
        data: listed.slice((page - 1) * 6, page * 6),
        current_page: page,
        last_page: Math.max(1, Math.ceil(listed.length / 6)),
        per_page: 6,
        total: listed.length,
      };
      return Response.json({ data: body });
    }
    if (project && url.pathname === `/api/portfolio/${encodeURIComponent(project.slug)}`)
      return Response.json({ data: project });
    return Response.json({ message: 'Project not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('/portfolio', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every project as a card leading to its page, and the categories as links in the address', async () => {
    stubApi([card(1), card(2), card(3, 'web')]);
    await renderMarketing(<PortfolioPage />, { path: '/portfolio' });
    expect(
      screen.getByRole('heading', { level: 1, name: TEXTS.en.pages.portfolio.title }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByRole('link', { name: /Project \d/ });
    expect(cards.map((link) => link.getAttribute('href'))).toEqual([
      '/portfolio/project-1?lng=en',
      '/portfolio/project-2?lng=en',
      '/portfolio/project-3?lng=en',
    ]);
    // The cover at the width the server makes for a card.
    expect(within(cards[0] as HTMLElement).getByRole('img', { name: 'Cover of project 1' })).toHaveAttribute(
      'src',
      IMAGE.replace('.webp', '-800w.webp'),
    );
    const nav = screen.getByRole('navigation', { name: TEXTS.en.portfolio.categoriesLabel });
    const all = within(nav).getByRole('link', { name: TEXTS.en.portfolio.all });
    expect(all).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getByRole('link', { name: 'Websites' })).toHaveAttribute(
      'href',
      '/portfolio?category=web&lng=en',
    );
    // One page only: no paging.
    expect(screen.queryByRole('link', { name: TEXTS.en.portfolio.next })).toBeNull();
  });

  it('shows the category and page the address names, with links to the pages either side', async () => {
    const fetch = stubApi(Array.from({ length: 14 }, (_, i) => card(i + 1, 'web')));
    await renderMarketing(<PortfolioPage />, { path: '/portfolio?category=web&page=2' });
    const cards = await screen.findAllByRole('link', { name: /Project \d+/ });
    expect(cards.map((link) => link.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Project 7'), expect.stringContaining('Project 12')]),
    );
    expect(cards).toHaveLength(6);
    const asked = new URL(String(fetch.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ language: 'en', category: 'web', page: '2' });
    expect(screen.getByRole('link', { name: TEXTS.en.portfolio.next })).toHaveAttribute(
      'href',
      '/portfolio?category=web&page=3&lng=en',
    );
    expect(screen.getByRole('link', { name: TEXTS.en.portfolio.previous })).toHaveAttribute(
      'href',
      '/portfolio?category=web&lng=en',
    );
    const nav = screen.getByRole('navigation', { name: TEXTS.en.portfolio.categoriesLabel });
    expect(within(nav).getByRole('link', { name: 'Websites' })).toHaveAttribute('aria-current', 'true');
  });

  it('is in Arabic for Arabic readers', async () => {
    stubApi(Array.from({ length: 7 }, (_, i) => card(i + 1, 'design', 'ar')));
    await renderMarketing(<PortfolioPage />, { lng: 'ar', path: '/portfolio' });
    expect(await screen.findByRole('link', { name: 'التصميم' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'التالي' })).toHaveAttribute('href', '/portfolio?page=2&lng=ar');
  });

  it('says the projects could not be loaded, with its title still there, for an answer of another shape', async () => {
    // A list without its categories (an older server's, a proxy's): the page's error, never a crash.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: { data: [] } })),
    );
    await renderMarketing(<PortfolioPage />, { path: '/portfolio' });
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.en.portfolio.error);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});

const PROJECT: PublicProject = {
  ...card(1),
  slug: 'bakery-identity',
  title: 'Bakery identity',
  gallery: [
    { image: IMAGE, alt: 'The shop front' },
    { image: IMAGE, alt: 'Paper bags' },
  ],
  body: '<h2>The brief</h2><p>Twelve shops.</p>',
  link: 'https://example.com/work',
  seo_title: 'Bakery brand identity',
  seo_description: 'How we did it.',
  seo_image: null,
  updated_at: '2026-11-25T10:00:00.000Z',
  translations: [{ language: 'ar', slug: 'هوية-مخبز' }],
};

describe('/portfolio/{slug}', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the project: title, client, cover, story, gallery with alt texts, link and translation', async () => {
    stubApi([], PROJECT);
    await renderMarketing(<ProjectPage />, { path: '/portfolio/bakery-identity', route: '/portfolio/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bakery identity' })).toBeInTheDocument();
    expect(screen.getByText(/Client 1/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The brief' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: TEXTS.en.portfolio.gallery });
    expect(
      within(gallery)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['The shop front', 'Paper bags']);
    const visit = screen.getByRole('link', { name: new RegExp(TEXTS.en.portfolio.visit) });
    expect(visit).toHaveAttribute('href', 'https://example.com/work');
    expect(visit).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: TEXTS.en.portfolio.readIn.ar })).toHaveAttribute(
      'href',
      `/portfolio/${encodeURIComponent('هوية-مخبز')}?lng=en`,
    );
    expect(document.title).toContain('Bakery brand identity');
  });

  it('marks a project of the other language as such', async () => {
    stubApi([], { ...PROJECT, language: 'ar', title: 'هوية مخبز', translations: [] });
    await renderMarketing(<ProjectPage />, { path: '/portfolio/bakery-identity', route: '/portfolio/:slug' });
    expect(await screen.findByRole('heading', { level: 1, name: 'هوية مخبز' })).toHaveAttribute('lang', 'ar');
  });

  it('is the 404 page for a project that is not there', async () => {
    stubApi([]);
    await renderMarketing(<ProjectPage />, { path: '/portfolio/nothing', route: '/portfolio/:slug' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/not found|404/i);
  });
});
