import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../../../testing/fetch';
import { clearAdminDb } from '../../../testing/idb';
import { makePost } from '../../../testing/posts';
import { renderAdmin } from '../../../testing/render';
import { EditPostPage } from '../../post-editor/components/edit-post-page';
import { NewPostPage } from '../../post-editor/components/new-post-page';

vi.mock(
  '../../post-editor/components/rich-text-editor',
  () => import('../../../testing/rich-text-editor-stub'),
);

const STORED = makePost({ id: 9, slug: 'owl', title: 'The owl', status: 'draft' });
const TOKEN = 'A'.repeat(43);
const LIVE = { id: 4, created_at: '2026-11-20T10:00:00.000Z', expires_at: '2026-11-27T10:00:00.000Z' };

/** The page the server renders: the title the form sent. */
function page(call: Call): Response {
  const title = (call.body as FormData).get('title');
  return new Response(`<!doctype html><html><body><h1>${String(title)}</h1></body></html>`, {
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

function serve(overrides: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (call.method === 'GET' && path === '/api/posts/owl') return json(STORED);
    if (call.method === 'POST' && path === '/api/posts/preview') return page(call);
    if (call.method === 'GET' && path === '/api/posts/owl/preview-links') return json({ data: [LIVE] });
    if (call.method === 'POST' && path === '/api/posts/owl/preview-links')
      return json({ id: 5, url: `/preview/${TOKEN}`, expires_at: '2026-11-28T10:00:00.000Z' }, 201);
    if (call.method === 'DELETE' && path.startsWith('/api/preview-links/'))
      return new Response(null, { status: 204 });
    return undefined;
  });
}

async function openPreview(lng: 'en' | 'ar' = 'en') {
  renderAdmin(<EditPostPage slug="owl" />, { path: '/edit_blog/owl', route: '/edit_blog/:slug', lng });
  await screen.findByDisplayValue('The owl');
  await userEvent.type(screen.getByLabelText(lng === 'en' ? 'Title' : 'العنوان'), ' at night');
  await userEvent.click(screen.getByRole('button', { name: lng === 'en' ? 'Preview' : 'معاينة' }));
  return screen.findByRole('region', { name: lng === 'en' ? 'Preview' : 'معاينة' });
}

const frame = (panel: HTMLElement) => panel.querySelector('iframe') as HTMLIFrameElement;

describe('the preview panel', () => {
  beforeEach(async () => {
    await clearAdminDb();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the unsaved form as the server renders it, in a frame that runs no script, at two widths', async () => {
    const { calls } = serve();
    const panel = await openPreview();
    await waitFor(() => expect(frame(panel)).toBeInTheDocument());
    const iframe = frame(panel);
    expect(iframe.getAttribute('srcdoc')).toContain('<h1>The owl at night</h1>');
    expect(iframe).toHaveAttribute('title', 'Preview of the post page');
    expect(iframe.getAttribute('sandbox')).not.toContain('allow-scripts');
    const sent = calls.find((c) => c.url.pathname === '/api/posts/preview');
    expect((sent?.body as FormData | undefined)?.get('post')).toBe('owl');
    expect(sent?.headers['X-CSRF-TOKEN']).toBeDefined();

    const desktop = within(panel).getByRole('button', { name: 'Desktop (1280 px)' });
    const phone = within(panel).getByRole('button', { name: 'Phone (390 px)' });
    expect(desktop).toHaveAttribute('aria-pressed', 'true');
    expect(iframe.style.width).toBe('1280px');
    await userEvent.click(phone);
    expect(phone).toHaveAttribute('aria-pressed', 'true');
    expect(desktop).toHaveAttribute('aria-pressed', 'false');
    expect(frame(panel).style.width).toBe('390px');

    // A later change shows when the preview is updated.
    await userEvent.type(screen.getByLabelText('Title'), '!');
    await userEvent.click(within(panel).getByRole('button', { name: 'Update preview' }));
    await waitFor(() => expect(frame(panel).getAttribute('srcdoc')).toContain('The owl at night!'));

    await userEvent.click(within(panel).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus());
  });

  it('creates a share link, shows its address once, lists it, and revokes one after asking', async () => {
    const { calls } = serve();
    const panel = await openPreview();
    const list = await within(panel).findByRole('list', { name: 'Share links in use' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(list).toHaveTextContent(/Valid until Nov 27, 2026/);

    await userEvent.click(within(panel).getByRole('button', { name: 'Create a share link' }));
    expect(await within(panel).findByLabelText('Share link (shown once)')).toHaveValue(
      `${window.location.origin}/preview/${TOKEN}`,
    );
    expect(within(panel).getByText('Link created. Copy it now: it is shown only once.')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await userEvent.click(within(list).getAllByRole('button', { name: 'Revoke' })[0] as HTMLElement);
    const ask = await within(panel).findByRole('alertdialog', { name: 'Revoke this share link?' });
    // Keeping it sends nothing.
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(list).getAllByRole('button', { name: 'Revoke' })[0] as HTMLElement);
    await userEvent.click(
      within(await within(panel).findByRole('alertdialog')).getByRole('button', { name: 'Revoke the link' }),
    );
    expect(await within(panel).findByText('The link was revoked.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/api/preview-links/4');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
  });

  it('says what went wrong, in the editor’s language', async () => {
    serve((call) => {
      if (call.url.pathname === '/api/posts/preview')
        return json({ message: 'language_invalid', errors: { language: ['language_invalid'] } }, 422);
      if (call.method === 'POST' && call.url.pathname.endsWith('/preview-links'))
        return json({ message: 'forbidden' }, 403);
      return undefined;
    });
    const panel = await openPreview('ar');
    expect(await within(panel).findByText(/^تعذّر عرض المعاينة: /)).toHaveAttribute('role', 'alert');
    await userEvent.click(within(panel).getByRole('button', { name: 'إنشاء رابط مشاركة' }));
    expect(await within(panel).findByText(/^تعذّر إنشاء رابط المشاركة: /)).toBeInTheDocument();
    expect(within(panel).queryByLabelText('رابط المشاركة (يظهر مرة واحدة)')).not.toBeInTheDocument();
  });

  it('on a new post, previews without offering share links until it is saved', async () => {
    serve();
    renderAdmin(<NewPostPage />, { path: '/new_blog', route: '/new_blog' });
    await userEvent.type(await screen.findByLabelText('Title'), 'Fresh');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = await screen.findByRole('region', { name: 'Preview' });
    await waitFor(() => expect(frame(panel)?.getAttribute('srcdoc')).toContain('<h1>Fresh</h1>'));
    expect(
      within(panel).getByText('Save the post to share a preview link with someone who has no account.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Create a share link' })).not.toBeInTheDocument();
  });
});
