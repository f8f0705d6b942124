import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetNewMessageCount, setNewMessageCount } from '../features/messages/api/new-count';
import { json, mockFetch } from '../testing/fetch';
import { messagesPage } from '../testing/messages';
import { renderAdmin } from '../testing/render';
import { AdminBar } from './admin-bar';

const EDITOR = { id: 1, email: 'editor@example.com', name: 'Editor', role: 'owner' as const };

describe('AdminBar: Messages, with the count of new ones', () => {
  beforeEach(() => resetNewMessageCount());
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('asks for the count once signed in, and shows it as a badge named for screen readers', async () => {
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/api/contact-messages' ? json(messagesPage([], { newCount: 3 })) : undefined,
    );
    renderAdmin(<AdminBar user={EDITOR} />, { path: '/posts' });
    const link = screen.getByRole('link', { name: 'Messages' });
    expect(link).toHaveAttribute('href', '/messages');
    await waitFor(() => expect(link).toHaveAccessibleName('Messages 3 new'));
    expect(link.querySelector('.admin-bar__badge')).toHaveTextContent('3');
    const asked = calls.find((c) => c.url.pathname === '/api/contact-messages');
    expect(Object.fromEntries(asked?.url.searchParams ?? [])).toEqual({ status: 'new', per_page: '1' });

    // A change made on the inbox screens updates it, and none new means no badge.
    act(() => setNewMessageCount(0));
    expect(link).toHaveAccessibleName('Messages');
    expect(link.querySelector('.admin-bar__badge')).toBeNull();
    act(() => setNewMessageCount(250));
    expect(link.querySelector('.admin-bar__badge')).toHaveTextContent('99+');
    expect(link).toHaveAccessibleName('Messages 99+ new');
  });

  it('asks again when the editor comes back to the tab', async () => {
    let count = 1;
    mockFetch(() => json(messagesPage([], { newCount: count })));
    renderAdmin(<AdminBar user={EDITOR} />, { path: '/posts', lng: 'ar' });
    const link = screen.getByRole('link', { name: /^الرسائل/ });
    await waitFor(() => expect(link).toHaveAccessibleName('الرسائل 1 جديدة'));
    count = 2;
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(link).toHaveAccessibleName('الرسائل 2 جديدة'));
  });

  it('asks nothing offline, with no editor known', () => {
    const { calls } = mockFetch(() => json(messagesPage([], { newCount: 3 })));
    renderAdmin(<AdminBar user={null} />, { path: '/posts' });
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  describe('per role: a screen the role cannot use is not offered', () => {
    const links = () => screen.getAllByRole('link').map((link) => link.getAttribute('href'));

    it.each([
      ['owner', ['/site/services', '/site/settings', '/messages', '/site/people']],
      ['administrator', ['/site/services', '/site/settings', '/messages', '/site/people']],
    ] as const)('%s: every screen', (role, shown) => {
      mockFetch(() => json(messagesPage([], { newCount: 0 })));
      renderAdmin(<AdminBar user={{ ...EDITOR, role }} />, { path: '/posts' });
      expect(links()).toEqual(
        expect.arrayContaining([...shown, '/posts', '/new_blog', '/site/media', '/account']),
      );
    });

    it('editor: the posts and the site, without the settings, the inbox or the people', () => {
      const { calls } = mockFetch(() => json(messagesPage([], { newCount: 0 })));
      renderAdmin(<AdminBar user={{ ...EDITOR, role: 'editor' }} />, { path: '/posts' });
      expect(links()).toContain('/site/services');
      for (const hidden of ['/site/settings', '/messages', '/site/people'])
        expect(links()).not.toContain(hidden);
      // The inbox's count is not even asked for.
      expect(calls.some((c) => c.url.pathname === '/api/contact-messages')).toBe(false);
    });

    it('author: the posts, the media library and the account only', () => {
      mockFetch(() => json(messagesPage([], { newCount: 0 })));
      renderAdmin(<AdminBar user={{ ...EDITOR, role: 'author' }} />, { path: '/posts', lng: 'ar' });
      expect(links()).toEqual(['/posts', '/new_blog', '/site/media', '/account']);
    });
  });
});
