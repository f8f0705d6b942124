import { initTestI18n } from '@agency/core/testing';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../public/locales/ar/admin.json';
import en from '../../public/locales/en/admin.json';
import { type Call, json, mockFetch } from '../testing/fetch';
import { clearAdminDb } from '../testing/idb';
import { makeMessage, messagesPage } from '../testing/messages';
import { makePost, postsPage } from '../testing/posts';
import { App } from './app';

vi.mock(
  '../features/post-editor/components/rich-text-editor',
  () => import('../testing/rich-text-editor-stub'),
);

const ME = { user: { id: 1, email: 'editor@example.com', name: 'Editor One' } };

/** The API of a signed-in editor, unless `handler` answers first. */
function api(handler: (call: Call) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = handler(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/api/auth/me') return json(ME);
    if (path === '/api/posts') return json(postsPage([makePost({ title: 'Listed' })]));
    if (path.startsWith('/api/posts/')) return json(makePost({ slug: decodeURIComponent(path.slice(11)) }));
    if (path === '/api/contact-messages') return json(messagesPage([], { newCount: 2 }));
    if (path === '/api/contact-messages/12') return json(makeMessage({ id: 12, name: 'Layla Haddad' }));
    return undefined;
  });
}

function open(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('admin app', () => {
  beforeEach(async () => {
    await clearAdminDb();
    await initTestI18n('en', { en: { admin: en }, ar: { admin: ar } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends /posts/edit/{slug} (where the spec navigates after a slug change) to /edit_blog/{slug}', async () => {
    api();
    open('/posts/edit/new-slug');
    expect(await screen.findByRole('heading', { name: en.screens.editPost.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/edit_blog/new-slug');
  });

  it.each([
    { path: '/posts', heading: en.screens.posts.title },
    { path: '/new_blog', heading: en.screens.newPost.title },
    { path: '/edit_blog/hello', heading: en.screens.editPost.title },
    { path: '/login', heading: en.screens.login.title },
    { path: '/messages', heading: en.screens.messages.title },
    { path: '/messages/12', heading: 'Layla Haddad' },
  ])('$path shows its screen', async ({ path, heading }) => {
    api();
    open(path);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('shows who is signed in, with a sign-out control, on the editor screens', async () => {
    api();
    open('/posts');
    expect(await screen.findByText('Signed in as Editor One')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Editor navigation' })).toBeInTheDocument();
  });

  it('without a session, asks to sign in first and comes back afterwards', async () => {
    let signedIn = false;
    api(({ url }) => {
      if (url.pathname === '/api/auth/me' && !signedIn) return json({ message: 'unauthenticated' }, 401);
      if (url.pathname === '/api/auth/login') {
        signedIn = true;
        return json({ ...ME, csrf_token: 't' });
      }
      return undefined;
    });
    open('/edit_blog/hello');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(window.location.pathname + window.location.search).toBe('/login?next=%2Fedit_blog%2Fhello');
    await userEvent.type(screen.getByLabelText('E-mail'), 'editor@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-battery');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Edit post' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/edit_blog/hello');
  });

  it('any admin call answered 401 goes to /login, remembering where the editor was', async () => {
    api(({ url }) => (url.pathname === '/api/posts' ? json({ message: 'unauthenticated' }, 401) : undefined));
    open('/posts?page=2');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe('?next=%2Fposts%3Fpage%3D2');
  });

  it('offline, the session cannot be checked but the screens still open, with the offline banner', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    open('/new_blog');
    expect(await screen.findByRole('heading', { name: 'New post' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are offline. Your work is saved on this device and can be sent when you are back online.',
      ),
    ).toBeInTheDocument();
  });

  it('lists unsent drafts on the posts manager', async () => {
    api();
    open('/new_blog');
    await userEvent.type(await screen.findByLabelText('Title'), 'Half written');
    await screen.findByText(/^Saved on this device at/, undefined, { timeout: 1500 });
    await userEvent.click(screen.getByRole('link', { name: 'All posts' }));
    expect(await screen.findByRole('heading', { name: 'Unsent drafts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the draft “Half written”' })).toBeInTheDocument();
  });

  it('an administrator the owner requires two-step sign-in of sees its setup alone, in place of any screen', async () => {
    const { calls } = api((call) => {
      if (call.url.pathname === '/api/auth/me')
        return json({
          user: { ...ME.user, role: 'administrator' },
          two_step: { enabled: false, setup_required: true },
        });
      if (call.url.pathname === '/api/auth/two-step')
        return json({
          enabled: false,
          enabled_at: null,
          recovery_codes_left: 0,
          required: true,
          setup_required: true,
        });
      return undefined;
    });
    open('/messages');
    expect(
      await screen.findByRole('heading', { level: 1, name: en.account.twoStep.setupTitle }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: en.account.twoStep.turnOn })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Editor navigation' })).not.toBeInTheDocument();
    // The screen asked for stays closed: its read is never sent.
    expect(calls.some((call) => call.url.pathname === '/api/contact-messages')).toBe(false);
  });
});
