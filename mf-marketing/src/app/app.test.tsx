import { initTestI18n } from '@agency/core/testing';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../public/locales/ar/marketing.json';
import en from '../../public/locales/en/marketing.json';
import { HOME_EN } from '../testing/home';
import { App } from './app';

const SEO = {
  id: 3,
  key: 'seo',
  slug: 'seo',
  name: 'SEO',
  description: 'Search engine optimisation.',
  image_path: '',
  sections: [
    { id: 10, type: 'hero', data: { title: 'Be found when customers search', description: 'Found.' } },
  ],
};

function renderAt(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('marketing routes', () => {
  beforeEach(() => {
    // The pages read the services (grid, contact form): an empty list keeps these tests off the network.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/services/seo')
          ? new Response(JSON.stringify({ data: SEO }))
          : String(input).includes('/api/home')
            ? new Response(JSON.stringify({ data: HOME_EN }))
            : String(input).includes('/api/portfolio')
              ? new Response(
                  JSON.stringify({ data: { data: [], categories: [], current_page: 1, last_page: 1 } }),
                )
              : new Response(JSON.stringify({ data: { data: [] } })),
      ),
    );
    return initTestI18n('en', { en: { marketing: en }, ar: { marketing: ar } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    { path: '/', heading: HOME_EN.texts.hero_title },
    { path: '/about', heading: en.pages.about.title },
    { path: '/pricing', heading: en.pages.pricing.title },
    { path: '/services', heading: en.pages.services.title },
    { path: '/services/seo', heading: SEO.sections[0]?.data.title },
    { path: '/portfolio', heading: en.pages.portfolio.title },
    { path: '/contact', heading: en.pages.contact.title },
    { path: '/privacy', heading: en.pages.privacy.title },
    { path: '/terms', heading: en.pages.terms.title },
  ])('$path shows its page', async ({ path, heading }) => {
    renderAt(path);
    // The first page to render also compiles its lazily loaded chunk: slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('speaks Arabic when Arabic is chosen', async () => {
    await initTestI18n('ar', { en: { marketing: en }, ar: { marketing: ar } });
    renderAt('/about');
    expect(screen.getByRole('heading', { level: 1, name: 'من نحن' })).toBeInTheDocument();
  });
});
