import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountPage } from '../features/account/components/account-page';
import { LoginPage } from '../features/auth/components/login-page';
import { MessagePage } from '../features/messages/components/message-page';
import { MessagesPage } from '../features/messages/components/messages-page';
import { EditPostPage } from '../features/post-editor/components/edit-post-page';
import { NewPostPage } from '../features/post-editor/components/new-post-page';
import { PostsManager } from '../features/posts-manager/components/posts-manager';
import { json, mockFetch } from '../testing/fetch';
import { clearAdminDb } from '../testing/idb';
import { makeMessage, messagesPage } from '../testing/messages';
import { makePost, postsPage } from '../testing/posts';
import { renderAdmin } from '../testing/render';

vi.mock(
  '../features/post-editor/components/rich-text-editor',
  () => import('../testing/rich-text-editor-stub'),
);

const POST = makePost({ slug: 'hello', title: 'Hello there', language: 'en' });
const MESSAGE = makeMessage({ id: 12, name: 'Layla Haddad' });

const SCREENS: { path: string; route: string; ui: () => ReactElement; en: string; ar: string }[] = [
  {
    path: '/login',
    route: '/login',
    ui: () => <LoginPage />,
    en: 'Sign in | Agency',
    ar: 'تسجيل الدخول | Agency',
  },
  {
    path: '/posts',
    route: '/posts',
    ui: () => <PostsManager />,
    en: 'Posts | Agency',
    ar: 'المقالات | Agency',
  },
  {
    path: '/new_blog',
    route: '/new_blog',
    ui: () => <NewPostPage />,
    en: 'New post | Agency',
    ar: 'مقال جديد | Agency',
  },
  {
    path: '/edit_blog/hello',
    route: '/edit_blog/:slug',
    ui: () => <EditPostPage slug="hello" />,
    en: 'Edit: Hello there | Agency',
    ar: 'تعديل: Hello there | Agency',
  },
  {
    path: '/account',
    route: '/account',
    ui: () => <AccountPage />,
    en: 'Your account | Agency',
    ar: 'حسابك | Agency',
  },
  {
    path: '/messages',
    route: '/messages',
    ui: () => <MessagesPage />,
    en: 'Messages | Agency',
    ar: 'الرسائل | Agency',
  },
  {
    path: '/messages/12',
    route: '/messages/:id',
    ui: () => <MessagePage id="12" />,
    en: 'Message from Layla Haddad | Agency',
    ar: 'رسالة من Layla Haddad | Agency',
  },
];

describe('every editor screen names the window, in the page language (WCAG 2.4.2)', () => {
  beforeEach(async () => {
    await clearAdminDb();
    document.title = 'Agency';
    mockFetch((call) => {
      if (call.url.pathname === '/api/posts/hello') return json(POST);
      if (call.url.pathname === '/api/posts') return json(postsPage([POST]));
      if (call.url.pathname === '/api/auth/sessions') return json({ sessions: [] });
      if (call.url.pathname === '/api/contact-messages') return json(messagesPage([MESSAGE]));
      if (call.url.pathname === '/api/contact-messages/12') return json(MESSAGE);
      return undefined;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  for (const screen of SCREENS) {
    for (const lng of ['en', 'ar'] as const) {
      it(`${screen.path} (${lng})`, async () => {
        const { unmount } = renderAdmin(screen.ui(), { lng, path: screen.path, route: screen.route });
        await waitFor(() => expect(document.title).toBe(screen[lng]));
        unmount();
        expect(document.title).toBe('Agency');
      });
    }
  }
});
