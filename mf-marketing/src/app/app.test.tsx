import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../public/locales/ar/marketing.json';
import en from '../../public/locales/en/marketing.json';
import { App } from './app';

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('marketing routes', () => {
  beforeEach(() => {
    // The pages read the services (grid, contact form): an empty list keeps these tests off the network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { data: [] } }))),
    );
    return initTestI18n('en', { en: { marketing: en }, ar: { marketing: ar } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    { path: '/', heading: en.pages.home.title },
    { path: '/about', heading: en.pages.about.title },
    { path: '/pricing', heading: en.pages.pricing.title },
    { path: '/services', heading: en.pages.services.title },
    { path: '/services/seo', heading: en.pages.serviceDetail.title },
    { path: '/portfolio', heading: en.pages.portfolio.title },
    { path: '/contact', heading: en.pages.contact.title },
  ])('$path shows its page', ({ path, heading }) => {
    renderAt(path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('speaks Arabic when Arabic is chosen', async () => {
    await initTestI18n('ar', { en: { marketing: en }, ar: { marketing: ar } });
    renderAt('/about');
    expect(screen.getByRole('heading', { level: 1, name: 'من نحن' })).toBeInTheDocument();
  });
});
