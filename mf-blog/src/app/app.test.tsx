// @vitest-environment jsdom
import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../public/locales/ar/blog.json';
import en from '../../public/locales/en/blog.json';
import { json, makePost, postsPage, stubFetch } from '../testing/posts';
import { App } from './app';

describe('blog routes', () => {
  beforeEach(() => initTestI18n('en', { en: { blog: en }, ar: { blog: ar } }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the list on /blog, inside the element the page looks for', async () => {
    stubFetch(() => json(postsPage([makePost(1)])));
    window.history.pushState({}, '', '/blog');
    const { container } = render(<App />);
    expect(container.querySelector('[data-mfe="@agency/mf-blog"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: en.list.title })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Post number 1' })).toHaveAttribute(
      'href',
      '/blog/post-1?lng=en',
    );
  });

  it('shows a post on /blog/{slug}', async () => {
    const spy = stubFetch(() => json(makePost(1, { slug: 'hello-world', title: 'Hello world' })));
    window.history.pushState({}, '', '/blog/hello-world');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello world' })).toBeInTheDocument();
    expect(String(spy.mock.calls[0]?.[0])).toBe('/api/posts/hello-world?language=en');
  });

  it('follows a link of the content to another page of the site without reloading', async () => {
    stubFetch(() => json(makePost(1, { content: '<p>Ask <a href="/contact">our team</a>.</p>' })));
    window.history.pushState({}, '', '/blog/post-1');
    render(<App />);
    const link = await screen.findByRole('link', { name: 'our team' });
    // In the page's language, as the site's own links.
    expect(link).toHaveAttribute('href', '/contact?lng=en');
    await userEvent.click(link);
    expect(window.location.pathname + window.location.search).toBe('/contact?lng=en');
  });
});
