import { setMeta } from '@agency/core';
import type { SiteSettings } from '@agency/core/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { adminDb } from '../../../lib/admin-db';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { renderAdmin } from '../../../testing/render';
import { SettingsScreen } from './settings-screen';

const V1 = '2026-11-20T10:00:00.000Z';
const V2 = '2026-11-21T10:00:00.000Z';

const SETTINGS: SiteSettings = {
  version: V1,
  email: 'hello@agency.example',
  phone: '+44 20 7946 0958',
  notify_email: '',
  default_country: 'GB',
  social_facebook: 'https://www.facebook.com/agency',
  social_x: '',
  social_instagram: '',
  social_tiktok: '',
  social_youtube: '',
  translations: { en: { name: 'Agency', address: '' }, ar: { name: 'الوكالة', address: '' } },
};

function serve(writes: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === 'GET' && call.url.pathname === '/api/settings/edit') return json({ data: SETTINGS });
    return writes(call);
  });
}

const bodyOf = (call: Call | undefined) => JSON.parse(String(call?.body)) as Record<string, unknown>;

describe('site settings screen', () => {
  beforeEach(async () => {
    setMeta('api-key', 'test-key');
    setMeta('csrf-token', 'test-token');
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('checks every field with core’s rules in Arabic before sending anything, each language in its direction', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderAdmin(<SettingsScreen />, { lng: 'ar', path: '/site/settings' });
    const phone = await screen.findByLabelText(new RegExp(`^${ar.settings.fields.phone}`));
    await user.clear(phone);
    await user.type(phone, '12');
    const facebook = screen.getByLabelText(new RegExp(`^${ar.settings.fields.social_facebook}`));
    await user.clear(facebook);
    await user.type(facebook, 'http://facebook.com/agency');
    const arabic = screen.getByRole('group', { name: /العربية/ });
    const englishGroup = screen.getByRole('group', { name: /الإنجليزية/ });
    const arabicName = within(arabic).getByLabelText(new RegExp(ar.settings.fields.name));
    await user.clear(arabicName);
    expect(arabicName).toHaveAttribute('dir', 'rtl');
    expect(within(englishGroup).getByLabelText(new RegExp(ar.settings.fields.name))).toHaveAttribute(
      'dir',
      'ltr',
    );
    await user.click(screen.getByRole('button', { name: ar.content.save }));
    expect(screen.getByRole('alert')).toHaveTextContent(ar.editor.errorSummary);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(ar.content.errors.phone_invalid)).toBeInTheDocument();
    expect(screen.getByText(ar.content.errors.url_invalid)).toBeInTheDocument();
    expect(screen.getByText(ar.content.errors.required)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('sends the settings it read, changed, with their version; a 409 offers to keep mine, sent over the saved version', async () => {
    let puts = 0;
    const { calls } = serve((call) => {
      if (call.method !== 'PUT') return undefined;
      puts += 1;
      if (puts === 1)
        return json(
          { message: 'settings_conflict', current: { ...SETTINGS, version: V2, phone: '+44 20 7946 0000' } },
          409,
        );
      return json({
        message: 'settings_updated',
        data: { ...bodyOf(call), version: '2026-11-22T00:00:00.000Z' },
      });
    });
    const user = userEvent.setup();
    renderAdmin(<SettingsScreen />, { path: '/site/settings' });
    const arabic = await screen.findByRole('group', { name: /Arabic/ });
    const address = within(arabic).getByLabelText(new RegExp(en.settings.fields.address));
    await user.type(address, 'دبي');
    // Kept on this device at once, until the server takes it.
    await waitFor(async () =>
      expect((await (await adminDb()).get('content-drafts', 'settings'))?.values).toMatchObject({
        translations: { ar: { address: 'دبي' } },
      }),
    );
    await user.click(screen.getByRole('button', { name: en.content.save }));
    const dialog = await screen.findByRole('alertdialog', { name: en.settings.conflictTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.keepMine }));
    await waitFor(() => expect(puts).toBe(2));
    const [first, second] = calls.filter((c) => c.method === 'PUT');
    expect(first?.url.pathname).toBe('/api/settings');
    expect(bodyOf(first)).toMatchObject({ version: V1, phone: '+44 20 7946 0958' });
    expect(bodyOf(second)).toMatchObject({
      version: V2,
      translations: { ar: { name: 'الوكالة', address: 'دبي' }, en: { name: 'Agency', address: '' } },
    });
    await waitFor(async () =>
      expect(await (await adminDb()).get('content-drafts', 'settings')).toBeUndefined(),
    );
  });

  it('offers back unsent changes kept on this device', async () => {
    await (await adminDb()).put('content-drafts', {
      key: 'settings',
      kind: 'settings',
      values: { ...SETTINGS, version: undefined, phone: '+971 50 123 4567' },
      baseVersion: V1,
      savedAt: '2026-11-20T12:00:00.000Z',
    });
    serve();
    const user = userEvent.setup();
    renderAdmin(<SettingsScreen />, { path: '/site/settings' });
    const dialog = await screen.findByRole('alertdialog', { name: en.content.restoreTitle });
    await user.click(within(dialog).getByRole('button', { name: en.content.restore }));
    expect(screen.getByLabelText(new RegExp(`^${en.settings.fields.phone}`))).toHaveValue('+971 50 123 4567');
  });
});
