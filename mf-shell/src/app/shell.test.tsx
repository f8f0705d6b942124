import { I18nextProvider } from '@agency/core';
import { act, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../features/footer/components/footer';
import { SiteTop } from '../features/top-bar/components/top-bar';
import { createTestI18n } from '../testing/i18n';
import { installPageSlots, type RenderOptions, renderWithShell } from '../testing/render';
import { installSiteConfig } from '../testing/site-config';
import { SHELL_PARTS, ShellNav, ShellNotFound } from './shell';

const slot = (id: string) => document.getElementById(id) as HTMLElement;

/** The shell's server-rendered parts, each a root of its own in its slot, as the page has them. */
function renderShell(options: RenderOptions = {}) {
  const parts: [string, ReactElement][] = [
    ['site-top-bar', <SiteTop key="top" />],
    ['site-nav', <ShellNav key="nav" />],
    ['not-found', <ShellNotFound key="not-found" />],
    ['site-footer', <Footer key="footer" />],
  ];
  for (const [id, ui] of parts) renderWithShell(ui, { ...options, container: slot(id) });
}

describe('the shell parts', () => {
  beforeEach(() => {
    installPageSlots();
    document.title = 'Nimbus Digital';
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renders the header and the footer into their slots', () => {
    renderShell();
    expect(slot('site-header')).toHaveRole('banner');
    expect(within(slot('site-header')).getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(within(slot('site-footer')).getByRole('contentinfo')).toBeInTheDocument();
  });

  it.each(['/', '/about', '/services/seo', '/blog', '/blog/hello-world', '/posts', '/edit_blog/x', '/login'])(
    'shows no 404 page on %s',
    (path) => {
      renderShell({ path });
      expect(slot('not-found')).toBeEmptyDOMElement();
      expect(document.title).toBe('Nimbus Digital');
    },
  );

  it.each(['/nope', '/blog/a/b', '/services/seo/extra', '/Blog'])('shows the 404 page on %s', (path) => {
    renderShell({ path });
    const page = within(slot('not-found'));
    expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/?lng=en');
    expect(document.title).toBe('Page not found | Nimbus Digital');
  });

  it('shows the 404 page in Arabic', () => {
    renderShell({ path: '/غير-موجود', lng: 'ar' });
    const page = within(slot('not-found'));
    expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeInTheDocument();
    expect(page.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/?lng=ar');
    expect(document.title).toBe('الصفحة غير موجودة | Nimbus Digital');
  });

  it('removes the 404 page and restores the title after following Home', async () => {
    renderShell({ path: '/nope' });
    await userEvent.click(within(slot('not-found')).getByRole('link', { name: 'Back to Home' }));
    expect(slot('not-found')).toBeEmptyDOMElement();
    expect(document.title).toBe('Nimbus Digital');
  });

  it('has a skip link, first in the header, that moves focus to the main content', async () => {
    renderShell();
    const skip = within(slot('site-header')).getAllByRole('link')[0];
    expect(skip).toHaveAccessibleName('Skip to main content');
    await userEvent.click(skip as HTMLElement);
    expect(slot('main-content')).toHaveFocus();
  });
});

describe('the shell in the page', () => {
  beforeEach(() => {
    installPageSlots();
    installSiteConfig();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('follows navigation made by another micro-frontend (single-spa fires popstate)', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const i18n = createTestI18n('en');
    // Every part as its own root in its own element, each with its own router, as the lifecycles mount them.
    for (const part of SHELL_PARTS) {
      const Part = part.component ?? (await part.loadStatic());
      render(
        <I18nextProvider i18n={i18n}>
          <Part />
        </I18nextProvider>,
        {
          container: part.containerId
            ? slot(part.containerId)
            : document.body.appendChild(document.createElement('div')),
        },
      );
    }
    expect(slot('not-found')).toBeEmptyDOMElement();
    act(() => {
      window.history.pushState(null, '', '/missing-page');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(within(slot('not-found')).getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    act(() => {
      window.history.pushState(null, '', '/blog');
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expect(slot('not-found')).toBeEmptyDOMElement();
    expect(within(slot('site-header')).getByRole('link', { name: 'Blog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
