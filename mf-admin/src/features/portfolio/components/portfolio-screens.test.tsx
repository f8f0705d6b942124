import { setMeta } from '@agency/core';
import type { PortfolioProject } from '@agency/core/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { renderAdmin } from '../../../testing/render';
import { PortfolioListScreen, PortfolioProjectScreen } from './portfolio-screens';

vi.mock(
  '../../post-editor/components/rich-text-editor',
  () => import('../../../testing/rich-text-editor-stub'),
);

// Images go through the upload route; here it answers at once with stored images' URLs, one after another.
let uploads = 0;
const stored = (n: number) => `/storage/poster_images/${String(n).repeat(32).slice(0, 32)}.webp`;
vi.mock('../../post-editor/api/upload-image', () => ({
  uploadImage: vi.fn(async (_file: File, onProgress: (f: number) => void) => {
    onProgress(1);
    uploads += 1;
    return stored(uploads);
  }),
}));

const V1 = '2026-11-20T10:00:00.000Z';

function project(id: number, overrides: Partial<PortfolioProject> = {}): PortfolioProject {
  return {
    id,
    language: 'en',
    translation_id: null,
    position: id * 10,
    version: V1,
    title: `Project ${id}`,
    slug: `project-${id}`,
    client: 'A client',
    category: 'design',
    cover_image: stored(9),
    cover_alt: 'Cover',
    gallery: [],
    summary: 'Summary.',
    body: '',
    link: '',
    seo_title: '',
    seo_description: '',
    seo_image: '',
    hidden: false,
    ...overrides,
  };
}

function serve(items: PortfolioProject[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/portfolio/items') {
      const language = call.url.searchParams.get('language') ?? 'en';
      return json({ data: { items: items.filter((i) => i.language === language) } });
    }
    const one = /^\/api\/portfolio\/items\/(\d+)$/.exec(call.url.pathname);
    if (call.method === 'GET' && one) {
      const found = items.find((i) => i.id === Number(one[1]));
      return found ? json({ data: found }) : json({ message: 'Portfolio project not found' }, 404);
    }
    return writes(call);
  });
}

/** A label starting with `text`, matched as text (field labels hold parentheses). */
const starting = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('portfolio editor screens', () => {
  beforeEach(async () => {
    uploads = 0;
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('names each gallery remove button with the word it shows, in both languages (WCAG 2.5.3)', () => {
    for (const texts of [en, ar]) {
      const { remove, removeNamed } = texts.content.gallery;
      expect(removeNamed.replace('{{n}}', '1')).toContain(remove);
    }
  });

  it('lists one language’s projects in one list, and moves one with the keyboard', async () => {
    const { calls } = serve([project(1), project(2, { hidden: true }), project(3)], (call) =>
      call.url.pathname === '/api/portfolio/order'
        ? json({ message: 'portfolio_reordered', data: [project(2), project(1), project(3)] })
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<PortfolioListScreen />, { path: '/site/portfolio?language=en' });
    const list = await screen.findByRole('region', { name: en.portfolio.listTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      'Project 1',
      'Project 2',
      'Project 3',
    ]);
    expect(within(rows[1] as HTMLElement).getByText(en.content.hiddenBadge)).toBeInTheDocument();
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'Translate into Arabic' }),
    ).toHaveAttribute('href', '/site/portfolio/new?language=ar&translation_of=1');
    screen.getByRole('button', { name: 'Move “Project 1” down' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/portfolio/order')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url.pathname === '/api/portfolio/order'))).toMatchObject({
      language: 'en',
      ids: [2, 1, 3],
    });
  });

  // Typing a whole project takes a while on a busy machine.
  it('creates a project with a cover and a described gallery image from the upload pipeline', {
    timeout: 20_000,
  }, async () => {
    const { calls } = serve([], (call) =>
      call.method === 'POST'
        ? json({ message: 'portfolio_project_created', data: project(7) }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<PortfolioProjectScreen />, {
      path: '/site/portfolio/new?language=en',
      route: '/site/portfolio/:id',
    });
    await user.type(await screen.findByLabelText(/^Title/), 'Tea house');
    await user.type(screen.getByLabelText(/^Slug/), 'tea-house');
    await user.type(screen.getByLabelText(/^Client/), 'Leaf & Co');
    await user.selectOptions(screen.getByLabelText(/^Category/), 'web');
    await user.upload(
      screen.getByLabelText(`${en.portfolio.fields.cover_image}: ${en.content.image.choose}`),
      png('cover.png'),
    );
    expect(await screen.findByRole('img', { name: en.content.image.current })).toHaveAttribute(
      'src',
      stored(1),
    );
    await user.type(screen.getByLabelText(/^Cover image alt text/), 'The shop');
    await user.upload(screen.getByLabelText(en.content.gallery.add), png('basket.png'));
    await user.type(await screen.findByLabelText('Alt text of image 1'), 'A basket');
    await user.type(screen.getByLabelText(/^Summary/), 'An online shop.');
    await user.type(screen.getByLabelText(starting(en.portfolio.fields.link)), 'https://leaf.example');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toMatchObject({
      language: 'en',
      title: 'Tea house',
      slug: 'tea-house',
      category: 'web',
      cover_image: stored(1),
      cover_alt: 'The shop',
      gallery: [{ image: stored(2), alt: 'A basket' }],
      link: 'https://leaf.example',
    });
  });

  it('checks the form with core’s rules in Arabic, right to left, and shows the server’s slug error', {
    timeout: 20_000,
  }, async () => {
    const { calls } = serve([], (call) =>
      call.method === 'POST'
        ? json({ message: 'slug_taken', errors: { slug: ['slug_taken'] } }, 422)
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<PortfolioProjectScreen />, {
      lng: 'ar',
      path: '/site/portfolio/new?language=ar',
      route: '/site/portfolio/:id',
    });
    await user.type(await screen.findByLabelText(starting(ar.portfolio.fields.link)), 'http://x.example');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(ar.editor.errorSummary);
    const title = screen.getByLabelText(starting(ar.portfolio.fields.title));
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(ar.content.errors.url_invalid)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    await user.type(title, 'متجر');
    await user.type(screen.getByLabelText(starting(ar.portfolio.fields.slug)), 'متجر');
    await user.type(screen.getByLabelText(starting(ar.portfolio.fields.client)), 'عميل');
    await user.upload(
      screen.getByLabelText(`${ar.portfolio.fields.cover_image}: ${ar.content.image.choose}`),
      png('c.png'),
    );
    await user.type(screen.getByLabelText(starting(ar.portfolio.fields.cover_alt)), 'غلاف');
    await user.type(screen.getByLabelText(starting(ar.portfolio.fields.summary)), 'ملخص');
    const link = screen.getByLabelText(starting(ar.portfolio.fields.link));
    await user.clear(link);
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    expect(await screen.findByText(ar.content.errors.slug_taken)).toBeInTheDocument();
  });
});
