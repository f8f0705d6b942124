import { describe, expect, it } from 'vitest';
import { isAppActive, matchPattern, matchRoute } from './routes';

describe('matchRoute', () => {
  it.each([
    { path: '/', name: 'home', app: '@agency/mf-marketing' },
    { path: '/about', name: 'about', app: '@agency/mf-marketing' },
    { path: '/about/', name: 'about', app: '@agency/mf-marketing' },
    { path: '/pricing', name: 'pricing', app: '@agency/mf-marketing' },
    { path: '/services', name: 'services', app: '@agency/mf-marketing' },
    { path: '/services/seo', name: 'service-detail', app: '@agency/mf-marketing' },
    { path: '/portfolio', name: 'portfolio', app: '@agency/mf-marketing' },
    { path: '/contact', name: 'contact', app: '@agency/mf-marketing' },
    { path: '/privacy', name: 'privacy', app: '@agency/mf-marketing' },
    { path: '/terms', name: 'terms', app: '@agency/mf-marketing' },
    { path: '/blog', name: 'blog', app: '@agency/mf-blog' },
    { path: '/blog/hello-world', name: 'blog-post', app: '@agency/mf-blog' },
    { path: '/new_blog', name: 'new-post', app: '@agency/mf-admin' },
    { path: '/edit_blog/hello', name: 'edit-post', app: '@agency/mf-admin' },
    { path: '/posts/edit/hello', name: 'edit-post-alias', app: '@agency/mf-admin' },
    { path: '/posts', name: 'posts', app: '@agency/mf-admin' },
    { path: '/login', name: 'login', app: '@agency/mf-admin' },
  ])('$path belongs to $name', ({ path, name, app }) => {
    const match = matchRoute(path);
    expect(match?.route.name).toBe(name);
    expect(match?.route.app).toBe(app);
  });

  it.each([
    '/nope',
    '/blog/a/b',
    '/services/seo/extra',
    '/About',
    '/posts/edit',
    '//blog',
    '/blog//',
    'blog',
    '/new_blog/x',
  ])('%s belongs to no app (404)', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it("gives every content kind's editor screens to the admin, and nothing else under /site/", () => {
    for (const screen of ['services', 'faq', 'pricing', 'portfolio', 'home', 'logos', 'settings'])
      expect(matchRoute(`/site/${screen}`)?.route.app, screen).toBe('@agency/mf-admin');
    for (const path of [
      '/site/faq/12',
      '/site/services/seo',
      '/site/portfolio/new',
      '/site/logos/3',
      // The one categories screen of the FAQ and pricing: no route entry of its own.
      '/site/faq/categories',
      '/site/pricing/categories',
    ])
      expect(matchRoute(path)?.route.name, path).toBe('site-admin-item');
    // An unknown screen, or an item of a screen that has none, is the 404 page.
    for (const path of ['/site/blog', '/site/settings/1', '/site/home/new', '/site', '/site/faq/1/2'])
      expect(matchRoute(path), path).toBeNull();
  });

  it('does not let / match other paths by prefix', () => {
    expect(isAppActive('@agency/mf-marketing', '/blog')).toBe(false);
    expect(isAppActive('@agency/mf-blog', '/blog')).toBe(true);
    expect(isAppActive('@agency/mf-marketing', '/')).toBe(true);
  });

  it('decodes parameters and rejects undecodable ones', () => {
    expect(matchPattern('/blog/:slug', '/blog/%D9%85%D8%B1%D8%AD%D8%A8%D8%A7')).toEqual({ slug: 'مرحبا' });
    expect(matchPattern('/blog/:slug', '/blog/%E0%A4%A')).toBeNull();
    expect(matchPattern('/blog/:slug', '/blog/a%2Fb')).toBeNull();
  });
});
