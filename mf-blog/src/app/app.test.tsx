import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import ar from '../../public/locales/ar/blog.json';
import en from '../../public/locales/en/blog.json';
import { App } from './app';

describe('blog routes', () => {
  beforeEach(() => initTestI18n('en', { en: { blog: en }, ar: { blog: ar } }));

  it('shows the list on /blog', () => {
    window.history.pushState({}, '', '/blog');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: en.list.title })).toBeInTheDocument();
  });

  it('shows a post on /blog/{slug}', () => {
    window.history.pushState({}, '', '/blog/hello-world');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: en.post.title })).toBeInTheDocument();
    expect(screen.getByText('hello-world')).toBeInTheDocument();
  });
});
