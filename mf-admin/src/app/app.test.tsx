import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import ar from '../../public/locales/ar/admin.json';
import en from '../../public/locales/en/admin.json';
import { App } from './app';

describe('admin routes', () => {
  beforeEach(() => initTestI18n('en', { en: { admin: en }, ar: { admin: ar } }));

  it('sends /posts/edit/{slug} (where the spec navigates after a slug change) to /edit_blog/{slug}', async () => {
    window.history.pushState({}, '', '/posts/edit/new-slug');
    render(<App />);
    expect(await screen.findByRole('heading', { name: en.screens.editPost.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/edit_blog/new-slug');
  });

  it.each([
    { path: '/posts', heading: en.screens.posts.title },
    { path: '/new_blog', heading: en.screens.newPost.title },
    { path: '/login', heading: en.screens.login.title },
  ])('$path shows its screen', ({ path, heading }) => {
    window.history.pushState({}, '', path);
    render(<App />);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
  });
});
