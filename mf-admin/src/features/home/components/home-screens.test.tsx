import { setMeta } from '@agency/core';
import type { ClientLogo, HomeTextsItem } from '@agency/core/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { adminDb } from '../../../lib/admin-db';
import { stubConfirm } from '../../../testing/confirm';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { renderAdmin } from '../../../testing/render';
import { HomeTextsScreen, LogoItemScreen, LogosListScreen } from './home-screens';

const uploads = vi.hoisted(() => ({ next: '/storage/poster_images/0123456789abcdef0123456789abcdef.webp' }));
vi.mock('../../post-editor/api/upload-image', () => ({
  uploadImage: vi.fn(async (_file: File, onProgress: (f: number) => void) => {
    onProgress(1);
    return uploads.next;
  }),
}));

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';
const V3 = '2026-11-22T10:00:00.000Z';

function texts(language: 'en' | 'ar', version = V1): HomeTextsItem {
  const word = language === 'ar' ? 'نص' : 'Text';
  return {
    language,
    version,
    hero_title: language === 'ar' ? 'نبني منتجات رقمية' : 'We build digital products',
    hero_lead: `${word} lead`,
    clients_title: `${word} clients`,
    about_title: `${word} about`,
    about_text: `${word} about text`,
    stat_1_value: '95%',
    stat_1_label: `${word} 1`,
    stat_2_value: '+1000',
    stat_2_label: `${word} 2`,
    stat_3_value: '+500',
    stat_3_label: `${word} 3`,
    services_title: `${word} services`,
    why_title: `${word} why`,
    reason_1_title: `${word} r1`,
    reason_1_text: `${word} r1 text`,
    reason_2_title: `${word} r2`,
    reason_2_text: `${word} r2 text`,
    reason_3_title: `${word} r3`,
    reason_3_text: `${word} r3 text`,
    reason_4_title: `${word} r4`,
    reason_4_text: `${word} r4 text`,
    portfolio_title: `${word} portfolio`,
    pricing_title: `${word} pricing`,
    pricing_lead: `${word} pricing lead`,
    blog_title: `${word} blog`,
    cta_title: `${word} cta`,
    cta_text: `${word} cta text`,
    cta_button: `${word} button`,
  };
}

function logo(id: number, overrides: Partial<ClientLogo> = {}): ClientLogo {
  return {
    id,
    language: 'en',
    translation_id: null,
    position: id * 10,
    version: V1,
    name: `Client ${id}`,
    image: `/mf/mf-marketing/images/clients/client-0${id}.svg`,
    hidden: false,
    ...overrides,
  };
}

/** A field's label as a pattern (its required mark follows it). */
const field = (label: string) => new RegExp(label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

function serveHome(writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/home/edit')
      return json({ data: texts(call.url.searchParams.get('language') === 'ar' ? 'ar' : 'en') });
    return writes(call);
  });
}

function serveLogos(items: ClientLogo[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/client-logos/items') {
      const language = call.url.searchParams.get('language') ?? 'en';
      return json({ data: { items: items.filter((i) => i.language === language) } });
    }
    const one = /^\/api\/client-logos\/items\/(\d+)$/.exec(call.url.pathname);
    if (call.method === 'GET' && one) {
      const found = items.find((i) => i.id === Number(one[1]));
      return found ? json({ data: found }) : json({ message: 'Client logo not found' }, 404);
    }
    return writes(call);
  });
}

describe('home page texts screen', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('edits the Arabic texts right to left and saves them with their version, staying on the form with the new version', async () => {
    let saves = 0;
    const { calls } = serveHome((call) => {
      if (call.method !== 'PUT') return undefined;
      saves += 1;
      return json({ message: 'home_updated', data: { ...bodyOf(call), version: saves === 1 ? V2 : V3 } });
    });
    const user = userEvent.setup();
    renderAdmin(<HomeTextsScreen />, { lng: 'ar', path: '/site/home?language=ar', route: '/site/home' });
    const title = await screen.findByLabelText(field(ar.home.fields.hero_title));
    expect(title).toHaveValue('نبني منتجات رقمية');
    expect(title).toHaveAttribute('dir', 'rtl');
    expect(screen.getByLabelText(field(ar.home.fields.hero_lead)).tagName).toBe('TEXTAREA');
    expect(calls[0]?.url.searchParams.get('language')).toBe('ar');
    await user.clear(title);
    await user.type(title, 'عنوان جديد');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    await waitFor(() => expect(saves).toBe(1));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/home');
    expect(bodyOf(put)).toMatchObject({
      language: 'ar',
      version: V1,
      hero_title: 'عنوان جديد',
      cta_button: 'نص button',
    });
    // Still on the form, with what the server saved: the next save names the new version.
    expect(screen.getByTestId('location')).toHaveTextContent('/site/home');
    await user.type(screen.getByLabelText(field(ar.home.fields.cta_button)), '!');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    await waitFor(() => expect(saves).toBe(2));
    expect(bodyOf(calls.filter((c) => c.method === 'PUT')[1])).toMatchObject({
      version: V2,
      hero_title: 'عنوان جديد',
      cta_button: 'نص button!',
    });
    expect(await (await adminDb()).getAll('content-drafts')).toEqual([]);
  });

  it('checks every field with core’s rules before sending, and shows the server’s 422 by its field', async () => {
    const { calls } = serveHome((call) =>
      call.method === 'PUT'
        ? json({ message: 'too_long', errors: { cta_button: ['too_long'] } }, 422)
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<HomeTextsScreen />, { path: '/site/home?language=en', route: '/site/home' });
    const title = await screen.findByLabelText(field(en.home.fields.hero_title));
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: en.content.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(en.editor.errorSummary);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await user.type(title, 'New title');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    await waitFor(() =>
      expect(screen.getByLabelText(field(en.home.fields.cta_button))).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByText(en.content.errors.too_long)).toBeInTheDocument();
  });

  it('on a 409 offers the saved version, which replaces the form', async () => {
    serveHome((call) =>
      call.method === 'PUT'
        ? json({ message: 'home_conflict', current: { ...texts('en', V2), hero_title: 'Their title' } }, 409)
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<HomeTextsScreen />, { path: '/site/home?language=en', route: '/site/home' });
    const title = await screen.findByLabelText(field(en.home.fields.hero_title));
    await user.type(title, ' mine');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    const dialog = await screen.findByRole('alertdialog', { name: en.content.conflictTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.takeTheirs }));
    expect(screen.getByLabelText(field(en.home.fields.hero_title))).toHaveValue('Their title');
  });

  it('keeps unsent edits per language on the device and offers them back', async () => {
    serveHome(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    const first = renderAdmin(<HomeTextsScreen />, { path: '/site/home?language=en', route: '/site/home' });
    const title = await screen.findByLabelText(field(en.home.fields.hero_title));
    await user.clear(title);
    await user.type(title, 'Kept');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    expect(await screen.findByRole('status')).toHaveTextContent(en.content.keptOffline);
    first.unmount();

    // The Arabic texts have no unsent edits.
    const arabic = renderAdmin(<HomeTextsScreen />, { path: '/site/home?language=ar', route: '/site/home' });
    await screen.findByLabelText(field(en.home.fields.hero_title));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    arabic.unmount();

    renderAdmin(<HomeTextsScreen />, { path: '/site/home?language=en', route: '/site/home' });
    const dialog = await screen.findByRole('alertdialog', { name: en.content.restoreTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.restore }));
    expect(screen.getByLabelText(field(en.home.fields.hero_title))).toHaveValue('Kept');
  });
});

describe('client logos screens', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the logos with their pictures, moves one with the keyboard, hides one and deletes one once confirmed', async () => {
    const { calls } = serveLogos([logo(1), logo(2), logo(3, { translation_id: 9 })], (call) => {
      if (call.url.pathname === '/api/client-logos/order')
        return json({ message: 'client-logos_reordered', data: [logo(2), logo(1), logo(3)] });
      if (call.method === 'PUT')
        return json({ message: 'client_logo_updated', data: { ...bodyOf(call), version: V2 } });
      if (call.method === 'DELETE') return json({ message: 'client_logo_deleted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(<LogosListScreen />, { path: '/site/logos?language=en' });
    const rows = await screen.findAllByTestId('logos-item');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.querySelector('img')).toHaveAttribute(
      'src',
      '/mf/mf-marketing/images/clients/client-01.svg',
    );
    expect(
      within(rows[2] as HTMLElement).getByRole('link', { name: 'Open the Arabic version' }),
    ).toHaveAttribute('href', '/site/logos/9');

    const down = screen.getByRole('button', { name: 'Move “Client 1” down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/client-logos/order')).toBe(true));
    expect(bodyOf(calls.find((c) => c.url.pathname === '/api/client-logos/order'))).toMatchObject({
      language: 'en',
      ids: [2, 1, 3],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move “Client 1” down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Hide “Client 3”' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show “Client 3”' })).toBeInTheDocument());
    expect(
      bodyOf(calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/client-logos/items/3')),
    ).toMatchObject({
      hidden: true,
      version: V1,
      image: '/mf/mf-marketing/images/clients/client-03.svg',
    });

    stubConfirm(false);
    await user.click(screen.getByRole('button', { name: 'Delete “Client 2”' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    stubConfirm(true);
    await user.click(screen.getByRole('button', { name: 'Delete “Client 2”' }));
    await waitFor(() => expect(screen.queryByText('Client 2')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/client-logos/items/2');
  });

  it('adds an Arabic logo: refuses an SVG file, uploads a PNG through the image pipeline and sends its URL with the alt text', async () => {
    const { calls } = serveLogos([], (call) =>
      call.method === 'POST'
        ? json({ message: 'client_logo_created', data: { ...logo(20), ...bodyOf(call) } }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<LogoItemScreen />, {
      lng: 'ar',
      path: '/site/logos/new?language=ar',
      route: '/site/logos/:id',
    });
    const name = await screen.findByLabelText(field(ar.logos.fields.name));
    expect(name).toHaveAttribute('dir', 'rtl');
    // Nothing chosen yet: core's rules ask for a picture and a name.
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    expect(screen.getAllByText(ar.content.errors.required)).toHaveLength(2);

    const input = await screen.findByLabelText(new RegExp(ar.content.image.choose));
    fireEvent.change(input, {
      target: { files: [new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' })] },
    });
    expect(await screen.findByText(ar.image_type_error)).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File(['png'], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(screen.getByRole('img', { name: ar.content.image.current })).toHaveAttribute(
        'src',
        uploads.next,
      ),
    );
    await user.type(name, 'وردة الصحراء');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(bodyOf(calls.find((c) => c.method === 'POST'))).toEqual({
      language: 'ar',
      name: 'وردة الصحراء',
      image: uploads.next,
      hidden: false,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/site/logos?language=ar'));
  });
});
