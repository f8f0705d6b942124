import { setMeta } from '@agency/core';
import type { EditableService } from '@agency/core/content';
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
import { ServiceScreen, ServicesListScreen } from './services-screens';

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';

function service(id: number, key: string, overrides: Partial<EditableService> = {}): EditableService {
  return {
    id,
    key,
    slug: key,
    language: 'en',
    version: V1,
    position: id * 10,
    name: `Service ${id}`,
    description: `About service ${id}.`,
    image_path: `/mf/mf-marketing/images/services/${key}.svg`,
    image_alt: '',
    hidden: false,
    translated: true,
    languages: ['en', 'ar'],
    sections: [
      { id: id * 100, type: 'hero', data: { title: 'Hero', description: 'Top.' } },
      {
        id: id * 100 + 1,
        type: 'content',
        data: { title: 'First', description: 'One.', items: ['A', 'B'], layout: 'left' },
      },
    ],
    ...overrides,
  };
}

function serve(services: EditableService[], writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/services/items')
      return json({
        data: { items: services.map(({ sections: _s, ...rest }) => ({ ...rest, sections: [] })) },
      });
    const one = /^\/api\/services\/([a-z-]+)$/.exec(call.url.pathname);
    if (call.method === 'GET' && one) {
      const found = services.find((s) => s.slug === one[1]);
      const language = call.url.searchParams.get('language') ?? 'en';
      return found ? json({ data: { ...found, language } }) : json({ message: 'Service not found' }, 404);
    }
    return writes(call);
  });
}

/** A field by its label exactly (a required one's label ends with an asterisk). */
const label = (text: string) => new RegExp(`^${text.replace(/[()*.?]/g, '\\$&')}\\s*\\*?$`);

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

describe('services editor screens', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the services, each opening its form by key in either language', async () => {
    serve([service(1, 'seo'), service(2, 'branding', { hidden: true, languages: ['en'] })]);
    renderAdmin(<ServicesListScreen />, { path: '/site/services?language=en' });
    const list = await screen.findByRole('region', { name: en.services.listHeading });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Service 1' })).toHaveAttribute(
      'href',
      '/site/services/seo?language=en',
    );
    expect(
      within(rows[0] as HTMLElement).getByRole('link', { name: 'Open the Arabic version' }),
    ).toHaveAttribute('href', '/site/services/seo?language=ar');
    // Not written in Arabic yet: translating it opens the same service's Arabic form.
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: 'Translate into Arabic' }),
    ).toHaveAttribute('href', '/site/services/branding?language=ar');
    expect(within(rows[1] as HTMLElement).getByText(en.content.hiddenBadge)).toBeInTheDocument();
  });

  it('reorders by keyboard, hides without touching the sections, and deletes only once confirmed', async () => {
    const { calls } = serve([service(1, 'seo'), service(2, 'branding')], (call) => {
      if (call.url.pathname === '/api/services/order')
        return json({ message: 'services_reordered', data: [service(2, 'branding'), service(1, 'seo')] });
      if (call.method === 'PUT')
        return json({
          message: 'service_updated',
          data: { ...service(1, 'seo'), ...bodyOf(call), version: V2 },
        });
      if (call.method === 'DELETE') return json({ message: 'service_deleted' });
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin(<ServicesListScreen />, { path: '/site/services?language=en' });
    const down = await screen.findByRole('button', { name: 'Move “Service 1” down' });
    down.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('“Service 1” is now 2 of 2.'));
    expect(bodyOf(calls.find((c) => c.url.pathname === '/api/services/order'))).toEqual({
      ids: [2, 1],
      language: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Hide “Service 1”' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Show “Service 1”' })).toBeInTheDocument());
    const put = calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/services/seo');
    expect(bodyOf(put)).toMatchObject({ hidden: true, version: V1, language: 'en', key: 'seo' });
    // Without sections: the server leaves them as they are.
    expect(bodyOf(put)).not.toHaveProperty('sections');

    const confirm = stubConfirm(false);
    await user.click(screen.getByRole('button', { name: 'Delete “Service 2”' }));
    expect(confirm).toHaveBeenCalledWith(en.services.confirmDelete.replace('{{title}}', 'Service 2'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    stubConfirm(true);
    await user.click(screen.getByRole('button', { name: 'Delete “Service 2”' }));
    await waitFor(() => expect(screen.queryByText('Service 2')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/services/branding');
  });

  it('edits the Arabic description, right to left, and sends the whole service back (the round trip)', async () => {
    const arabic = service(1, 'seo', { name: 'تحسين محركات البحث', description: 'وصف قديم' });
    const { calls } = serve([arabic], (call) =>
      call.method === 'PUT'
        ? json({ message: 'service_updated', data: { ...arabic, ...bodyOf(call), version: V2 } })
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<ServiceScreen />, {
      lng: 'ar',
      path: '/site/services/seo?language=ar',
      route: '/site/services/:slug',
    });
    const description = await screen.findByLabelText(label(ar.services.fields.description));
    expect(description).toHaveAttribute('dir', 'rtl');
    await user.clear(description);
    await user.type(description, 'وصف جديد');
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/site/services?language=ar'),
    );
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/services/seo');
    expect(bodyOf(put)).toMatchObject({
      key: 'seo',
      language: 'ar',
      version: V1,
      description: 'وصف جديد',
      name: 'تحسين محركات البحث',
      sections: arabic.sections,
    });
    expect(await (await adminDb()).getAll('content-drafts')).toEqual([]);
  });

  it('moves the page to a new address, saved at the current one, and names a bad or taken one', async () => {
    for (const lng of ['en', 'ar'] as const) {
      const texts = lng === 'en' ? en : ar;
      await clearAdminDb();
      let puts = 0;
      const { calls } = serve([service(1, 'seo')], (call) => {
        if (call.method !== 'PUT') return undefined;
        puts += 1;
        if (puts === 1) return json({ message: 'slug_taken', errors: { slug: ['slug_taken'] } }, 422);
        return json({
          message: 'service_updated',
          data: { ...service(1, 'seo'), ...bodyOf(call), version: V2 },
        });
      });
      const user = userEvent.setup();
      const view = renderAdmin(<ServiceScreen />, {
        lng,
        path: `/site/services/seo?language=${lng}`,
        route: '/site/services/:slug',
      });
      const address = await screen.findByLabelText(label(texts.services.fields.slug));
      expect(address).toHaveValue('seo');
      expect(address).toHaveAccessibleDescription(/\/services\/seo/);
      await user.clear(address);
      await user.type(address, 'Search Engines');
      await user.click(screen.getByRole('button', { name: texts.content.save }));
      // Core's rule, before anything is sent: the address's own words, by the field and in the summary.
      expect(screen.getAllByText(texts.services.errors.slug_invalid, { exact: false })).toHaveLength(2);
      expect(address).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
      await user.clear(address);
      await user.type(address, 'search-engines');
      await user.click(screen.getByRole('button', { name: texts.content.save }));
      // The server's answer: another service has it.
      expect(await screen.findAllByText(texts.services.errors.slug_taken, { exact: false })).toHaveLength(2);
      await user.clear(address);
      await user.type(address, 'search-engine-optimisation');
      await user.click(screen.getByRole('button', { name: texts.content.save }));
      await waitFor(() =>
        expect(screen.getByTestId('location')).toHaveTextContent(`/site/services?language=${lng}`),
      );
      const put = calls.filter((c) => c.method === 'PUT').at(-1);
      // Sent to the address the service has now, with the new one in the body; the key stays.
      expect(put?.url.pathname).toBe('/api/services/seo');
      expect(bodyOf(put)).toMatchObject({ key: 'seo', slug: 'search-engine-optimisation' });
      view.unmount();
    }
  });

  it('adds a section and a point, flips a layout, and checks them with core’s rules before sending', async () => {
    const { calls } = serve([service(1, 'seo')], (call) =>
      call.method === 'PUT'
        ? json({ message: 'service_updated', data: { ...service(1, 'seo'), version: V2 } })
        : undefined,
    );
    const user = userEvent.setup();
    renderAdmin(<ServiceScreen />, { path: '/site/services/seo?language=en', route: '/site/services/:slug' });
    await user.click(await screen.findByRole('button', { name: en.services.addSection }));
    expect(screen.getAllByTestId('service-section')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: en.content.save }));
    // The new section's title and text are required: nothing is sent.
    expect(screen.getByRole('alert')).toHaveTextContent(en.editor.errorSummary);
    const sections = screen.getAllByTestId('service-section');
    const added = sections[2] as HTMLElement;
    expect(within(added).getAllByText(en.content.errors.required)).toHaveLength(2);
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
    await user.type(within(added).getByLabelText(label(en.services.fields.sectionTitle)), 'Audits');
    await user.type(
      within(added).getByLabelText(label(en.services.fields.sectionDescription)),
      'A full audit.',
    );
    await user.click(within(added).getByRole('button', { name: en.services.addPoint }));
    await user.type(within(added).getByLabelText('Point 1'), 'Speed');
    const first = sections[1] as HTMLElement;
    await user.click(within(first).getByLabelText(en.services.layouts.right));
    await user.click(screen.getByRole('button', { name: en.content.save }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const sent = bodyOf(calls.find((c) => c.method === 'PUT')).sections as EditableService['sections'];
    expect(sent.map((s) => [s.id ?? null, s.type])).toEqual([
      [100, 'hero'],
      [101, 'content'],
      [null, 'content'],
    ]);
    expect(sent[1]?.data).toMatchObject({ layout: 'right' });
    expect(sent[2]?.data).toEqual({
      title: 'Audits',
      description: 'A full audit.',
      items: ['Speed'],
      layout: 'right',
    });
  });

  it('asks on a 409 whose version to keep, and sends mine over the saved one', async () => {
    let puts = 0;
    const { calls } = serve([service(1, 'seo')], (call) => {
      if (call.method !== 'PUT') return undefined;
      puts += 1;
      if (puts === 1)
        return json(
          { message: 'services_conflict', current: service(1, 'seo', { version: V2, name: 'Theirs' }) },
          409,
        );
      return json({ message: 'service_updated', data: { ...service(1, 'seo'), ...bodyOf(call) } });
    });
    const user = userEvent.setup();
    renderAdmin(<ServiceScreen />, { path: '/site/services/seo?language=en', route: '/site/services/:slug' });
    const name = await screen.findByLabelText(label(en.services.fields.name));
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    const dialog = await screen.findByRole('alertdialog', { name: en.content.conflictTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.keepMine }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/site/services?language=en'),
    );
    const [one, two] = calls.filter((c) => c.method === 'PUT').map(bodyOf);
    expect(one).toMatchObject({ version: V1, name: 'Mine' });
    expect(two).toMatchObject({ version: V2, name: 'Mine' });
  });

  it('keeps unsent edits on the device and offers them back', async () => {
    serve([service(1, 'seo')], () => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    const first = renderAdmin(<ServiceScreen />, {
      path: '/site/services/seo?language=en',
      route: '/site/services/:slug',
    });
    const name = await screen.findByLabelText(label(en.services.fields.name));
    await user.clear(name);
    await user.type(name, 'Kept');
    await user.click(screen.getByRole('button', { name: en.content.save }));
    expect(await screen.findByText(en.content.keptOffline)).toBeInTheDocument();
    first.unmount();
    renderAdmin(<ServiceScreen />, { path: '/site/services/seo?language=en', route: '/site/services/:slug' });
    const dialog = await screen.findByRole('alertdialog', { name: en.content.restoreTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.restore }));
    expect(screen.getByLabelText(label(en.services.fields.name))).toHaveValue('Kept');
  });
});
