// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_SOURCE_ATTRIBUTE } from '../i18n/language';

const navigateToUrl = vi.hoisted(() => vi.fn());
vi.mock('single-spa', () => ({ navigateToUrl }));
vi.mock('../i18n/setup', () => ({ ensureI18n: () => Promise.resolve() }));

const SERVER_MARKUP = '<footer>As the server wrote it <a href="/blog?lng=en">Blog</a></footer>';

/** A page at `/about` whose footer holds `markup`, with the data block of a render for `renderedFor`. */
function page(markup: string, renderedFor: { url: string; language: 'en' | 'ar' } | null) {
  window.history.replaceState(null, '', '/about');
  document.documentElement.lang = 'en';
  document.documentElement.setAttribute(LANGUAGE_SOURCE_ATTRIBUTE, 'server');
  document.body.innerHTML = `<div id="site-footer">${markup}</div>${
    renderedFor
      ? `<script type="application/json" id="page-data" data-url="${renderedFor.url}">${JSON.stringify({
          ...renderedFor,
          reads: {},
          resources: {},
        })}</script>`
      : ''
  }`;
}

/** Runs single-spa's steps of an app: every bootstrap step, then every mount step. */
async function start(lifecycles: {
  bootstrap: ((props: object) => Promise<unknown>)[];
  mount: ((props: object) => Promise<unknown>)[];
}) {
  const props = { name: '@agency/mf-shell', singleSpa: {}, mountParcel: () => undefined };
  for (const step of lifecycles.bootstrap) await step(props);
  for (const step of lifecycles.mount) await step(props);
}

/** The lifecycles of one `loadStatic` part in the footer, and the spy that stands for its code. */
async function footerPart() {
  // A fresh module each time: the page's data is read once per page.
  const { reactLifecycles } = await import('./lifecycles');
  const loadStatic = vi.fn(async () => () => <footer>Rendered in the browser</footer>);
  const lifecycles = reactLifecycles({
    appName: '@agency/mf-shell',
    ns: [],
    parts: [{ containerId: 'site-footer', loadStatic }],
  });
  return { lifecycles, loadStatic, footer: () => document.getElementById('site-footer') as HTMLElement };
}

describe('a loadStatic part', () => {
  beforeEach(() => {
    vi.resetModules();
    navigateToUrl.mockClear();
  });
  afterEach(() => {
    document.documentElement.removeAttribute(LANGUAGE_SOURCE_ATTRIBUTE);
  });

  it('keeps the server markup of this page without fetching its code, its links followed in the app', async () => {
    page(SERVER_MARKUP, { url: '/about', language: 'en' });
    const { lifecycles, loadStatic, footer } = await footerPart();
    const kept = footer().firstElementChild;
    await start(lifecycles);
    expect(loadStatic).not.toHaveBeenCalled();
    expect(footer().firstElementChild).toBe(kept);
    expect(footer().innerHTML).toBe(SERVER_MARKUP);
    const link = footer().querySelector('a') as HTMLAnchorElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(navigateToUrl).toHaveBeenCalledWith('/blog?lng=en');
  });

  it('renders its code where the page is one the browser renders itself', async () => {
    page('', null);
    const { lifecycles, loadStatic, footer } = await footerPart();
    await start(lifecycles);
    expect(loadStatic).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(footer().textContent).toBe('Rendered in the browser'));
  });

  it('renders its code over markup of another language', async () => {
    page(SERVER_MARKUP, { url: '/about', language: 'ar' });
    const { lifecycles, loadStatic, footer } = await footerPart();
    await start(lifecycles);
    expect(loadStatic).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(footer().textContent).toBe('Rendered in the browser'));
  });
});
