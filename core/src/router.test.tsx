// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Link, NavLink, useLocation, useNavigate, withLanguage } from './router';
import { initTestI18n } from './testing/i18n';

describe('withLanguage', () => {
  it.each([
    { to: '/', expected: '/?lng=ar' },
    { to: '/blog', expected: '/blog?lng=ar' },
    { to: '/blog?page=2&q=seo%20tips', expected: '/blog?page=2&q=seo%20tips&lng=ar' },
    { to: '/portfolio?category=web#work', expected: '/portfolio?category=web&lng=ar#work' },
    { to: '/contact?service=seo&plan=pro', expected: '/contact?service=seo&plan=pro&lng=ar' },
    { to: '/blog/%D9%82%D8%B5%D8%A9', expected: '/blog/%D9%82%D8%B5%D8%A9?lng=ar' },
    { to: '/services/seo/', expected: '/services/seo/?lng=ar' },
    { to: '/blog?', expected: '/blog?lng=ar' },
    // The 404 page is public too.
    { to: '/no-such-page', expected: '/no-such-page?lng=ar' },
  ])('$to -> $expected', ({ to, expected }) => expect(withLanguage(to, 'ar')).toBe(expected));

  it.each([
    // Already in a language.
    '/blog?lng=en',
    '/blog?page=2&lng=en',
    // The editors' pages.
    '/posts',
    '/edit_blog/story',
    '/login',
    '/login/forgot',
    '/site/faq',
    '/messages/3',
    // Not a path of this site from its root.
    '#main',
    '?page=2',
    'story',
    '../blog',
    '//evil.example/x',
    'https://example.org/',
    'mailto:hi@example.com',
    '',
  ])('%s stays as it is', (to) => expect(withLanguage(to, 'en')).toBe(to));

  it('adds the language to the object form, keeping its other parts', () => {
    expect(withLanguage({ pathname: '/blog', search: '?page=2', hash: '#top' }, 'en')).toEqual({
      pathname: '/blog',
      search: '?page=2&lng=en',
      hash: '#top',
    });
    expect(withLanguage({ pathname: '/pricing' }, 'ar')).toEqual({ pathname: '/pricing', search: '?lng=ar' });
    // Relative (no pathname), an editor's page, or a language already: unchanged.
    const relative = { search: '?page=2' };
    expect(withLanguage(relative, 'en')).toBe(relative);
    const editor = { pathname: '/posts' };
    expect(withLanguage(editor, 'en')).toBe(editor);
    const chosen = { pathname: '/blog', search: '?lng=ar' };
    expect(withLanguage(chosen, 'en')).toBe(chosen);
  });
});

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output>{pathname + search + hash}</output>;
}

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

function HistoryState() {
  return <span data-testid="state">{JSON.stringify(useLocation().state)}</span>;
}

/** Every `navigate` function the component was given over its renders. */
const seen = new Set<unknown>();
function Track() {
  const navigate = useNavigate();
  useEffect(() => void seen.add(navigate));
  return null;
}

describe('Link, NavLink and useNavigate', () => {
  beforeAll(() => initTestI18n('ar', { en: { common: {} }, ar: { common: {} } }));
  afterEach(async () => {
    cleanup();
    await initTestI18n('ar', {});
  });

  it("give a public page's address the page's language, and leave the others alone", () => {
    render(
      <MemoryRouter>
        <Link to="/blog?page=2">blog</Link>
        <Link to={{ pathname: '/about' }}>about</Link>
        <NavLink to="/pricing">pricing</NavLink>
        <Link to="/posts">posts</Link>
        <Link to="#main">skip</Link>
        <Link to="/blog?lng=en">english</Link>
      </MemoryRouter>,
    );
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('blog')).toBe('/blog?page=2&lng=ar');
    expect(href('about')).toBe('/about?lng=ar');
    expect(href('pricing')).toBe('/pricing?lng=ar');
    expect(href('posts')).toBe('/posts');
    expect(href('skip')).toBe('/#main');
    expect(href('english')).toBe('/blog?lng=en');
  });

  it('follow the language when it changes', async () => {
    render(
      <MemoryRouter>
        <Link to="/about">about</Link>
      </MemoryRouter>,
    );
    await act(() => initTestI18n('en', {}));
    expect(screen.getByRole('link', { name: 'about' }).getAttribute('href')).toBe('/about?lng=en');
  });

  it('NavLink is still active on its page whatever the query', () => {
    render(
      <MemoryRouter initialEntries={['/pricing?lng=ar']}>
        <NavLink to="/pricing">pricing</NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'pricing' }).getAttribute('aria-current')).toBe('page');
  });

  it.each([
    // [link, its options, address, active]
    ['/', {}, '/', true],
    ['/', {}, '/blog', false],
    ['/blog', {}, '/blog/a-story', true],
    ['/blog', { end: true }, '/blog/a-story', false],
    ['/blog', {}, '/blogger', false],
    ['/blog/', {}, '/blog/a-story', true],
    ['/Services', {}, '/services/seo', true],
    ['/Services', { caseSensitive: true }, '/services', false],
  ] as const)('NavLink %s %o on %s is active: %s', (to, options, address, active) => {
    render(
      <MemoryRouter initialEntries={[address]}>
        <NavLink to={to} className="nav" {...options}>
          link
        </NavLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'link' });
    expect(link.getAttribute('aria-current')).toBe(active ? 'page' : null);
    expect(link.className).toBe(active ? 'nav active' : 'nav');
  });

  it('a plain click on a Link opens its page in the app, with its state; an answered click does not', () => {
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <Link to="/messages/3" state={{ back: '?page=2' }}>
          message
        </Link>
        <Link to="/about" onClick={(event) => event.preventDefault()}>
          answered
        </Link>
        <Where />
        <HistoryState />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'answered' }));
    expect(screen.getByRole('status').textContent).toBe('/blog');
    fireEvent.click(screen.getByRole('link', { name: 'message' }));
    expect(screen.getByRole('status').textContent).toBe('/messages/3');
    expect(screen.getByTestId('state').textContent).toBe('{"back":"?page=2"}');
  });

  it('leaves modified clicks, other targets and outside addresses to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/blog']}>
        <Link to="/about">about</Link>
        <Link to="/pricing" target="_blank">
          pricing
        </Link>
        <Link to="https://example.org/a?b=1">outside</Link>
        <Link to="mailto:hi@example.com">mail</Link>
        <Where />
      </MemoryRouter>,
    );
    const click = (name: string, init: MouseEventInit = {}) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      screen.getByRole('link', { name }).dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click('about', { ctrlKey: true })).toBe(false);
    expect(click('about', { metaKey: true })).toBe(false);
    expect(click('about', { shiftKey: true })).toBe(false);
    expect(click('pricing')).toBe(false);
    expect(screen.getByRole('link', { name: 'outside' }).getAttribute('href')).toBe(
      'https://example.org/a?b=1',
    );
    expect(click('outside')).toBe(false);
    expect(screen.getByRole('link', { name: 'mail' }).getAttribute('href')).toBe('mailto:hi@example.com');
    expect(screen.getByRole('status').textContent).toBe('/blog');
  });

  it('useNavigate goes to the address with the language, and keeps a stable function', () => {
    seen.clear();
    render(
      <MemoryRouter initialEntries={['/blog?lng=ar']}>
        <GoTo to="/blog?q=seo" />
        <Track />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status').textContent).toBe('/blog?q=seo&lng=ar');
    expect(seen.size).toBe(1);
  });

  it('renders the same hrefs on the server as in the browser', () => {
    const html = renderToString(
      <MemoryRouter>
        <Link to="/contact?service=seo">contact</Link>
      </MemoryRouter>,
    );
    expect(html).toContain('href="/contact?service=seo&amp;lng=ar"');
  });
});
