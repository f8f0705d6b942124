// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const navigateToUrl = vi.hoisted(() => vi.fn());
vi.mock('single-spa', () => ({ navigateToUrl }));

const { followLinksInApp } = await import('./kept-markup');

/** Markup as the server wrote it, no component behind it. */
function keptMarkup(): HTMLElement {
  document.body.innerHTML = `
    <div id="part">
      <a href="#main-content">Skip to main content</a>
      <a href="/blog?lng=en">Blog</a>
      <a href="/services/seo?lng=ar#pricing">SEO</a>
      <a href="https://facebook.example/agency" target="_blank" rel="noopener">Facebook</a>
      <a href="https://elsewhere.example/page">Elsewhere</a>
      <a href="mailto:hello@agency.example">E-mail</a>
      <a href="tel:+442079460958">Phone</a>
      <a href="/brochure.pdf" download>Brochure</a>
      <a href="#nowhere">Nowhere</a>
      <span><a href="/about?lng=en"><b>About</b></a></span>
    </div>
    <a id="outside" href="/contact">Outside</a>
    <main id="main-content" tabindex="-1"></main>`;
  return document.getElementById('part') as HTMLElement;
}

function link(name: string): HTMLAnchorElement {
  const found = [...document.querySelectorAll('a')].find((a) => a.textContent === name);
  if (!found) throw new Error(`no link ${name}`);
  return found;
}

/**
 * Clicks like a visitor, and says whether the browser would still do its own thing (follow the link). The
 * test's document then does not: it would load the address.
 */
function click(target: Element, init: MouseEventInit = {}): boolean {
  let followed = false;
  const record = (event: Event) => {
    followed = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', record);
  target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  window.removeEventListener('click', record);
  return followed;
}

describe('followLinksInApp: the links of markup no component hydrates', () => {
  let stop: () => void;
  beforeEach(() => {
    window.history.replaceState(null, '', '/about?lng=en');
    navigateToUrl.mockClear();
    stop = followLinksInApp(keptMarkup());
  });
  afterEach(() => stop());

  it('follows a link to a page of the site in the app, with its query and hash', () => {
    expect(click(link('Blog'))).toBe(false);
    expect(navigateToUrl).toHaveBeenCalledWith('/blog?lng=en');
    expect(click(link('SEO'))).toBe(false);
    expect(navigateToUrl).toHaveBeenLastCalledWith('/services/seo?lng=ar#pricing');
  });

  it('answers a click on what a link holds (its icon, its words)', () => {
    expect(click(link('About').querySelector('b') as Element)).toBe(false);
    expect(navigateToUrl).toHaveBeenCalledWith('/about?lng=en');
  });

  it('moves focus to the element an in-page link names, the address unchanged', () => {
    expect(click(link('Skip to main content'))).toBe(false);
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(window.location.hash).toBe('');
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('leaves to the browser what is not a page of the site in this tab', () => {
    for (const name of ['Facebook', 'Elsewhere', 'E-mail', 'Phone', 'Brochure', 'Nowhere']) {
      expect(click(link(name)), name).toBe(true);
    }
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('leaves to the browser a click for a new tab or window, or not with the main button', () => {
    for (const init of [
      { ctrlKey: true },
      { metaKey: true },
      { shiftKey: true },
      { altKey: true },
      { button: 1 },
    ]) {
      expect(click(link('Blog'), init), JSON.stringify(init)).toBe(true);
    }
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('leaves a click something else already answered, and links outside the part', () => {
    const answered = (event: Event) => event.preventDefault();
    link('Blog').addEventListener('click', answered);
    click(link('Blog'));
    link('Blog').removeEventListener('click', answered);
    expect(click(document.getElementById('outside') as Element)).toBe(true);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });

  it('stops listening when told to', () => {
    stop();
    expect(click(link('Blog'))).toBe(true);
    expect(navigateToUrl).not.toHaveBeenCalled();
  });
});
