// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Counter, serverMarkup } from '../testing/island-parts';
import { island } from './island';

/** IntersectionObserver as the browser runs it, the test saying when the watched elements come into view. */
function stubIntersections() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      targets: Element[] = [];
      constructor(callback: IntersectionObserverCallback) {
        observers.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets.length = 0;
      }
    },
  );
  return {
    watched: () => observers.flatMap((o) => o.targets),
    comeIntoView() {
      for (const { callback, targets } of observers) {
        if (targets.length === 0) continue;
        callback(
          targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
      }
    },
  };
}

/** A page around a part, and the way to make it render again. */
let rerender: (n: number) => void = () => undefined;
function Page({ part: Part }: { part: React.ComponentType<{ label: string }> }) {
  const [n, setN] = useState(0);
  rerender = setN;
  return (
    <main data-n={n}>
      <Part label="About" />
    </main>
  );
}

let root: Root | undefined;
/** The page the server rendered, as its data block names it: the first page of a visit, at this address. */
function serverRendered(url = window.location.pathname) {
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'page-data';
  data.dataset.url = url;
  document.head.append(data);
}

beforeEach(() => serverRendered());

afterEach(() => {
  document.getElementById('page-data')?.remove();
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** Hydrates `node` over the server's markup `html`. */
async function hydrate(node: React.ReactNode, html: string, onError = vi.fn()) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, node, { onRecoverableError: onError });
  });
  return container;
}

describe('island', () => {
  it('keeps the server markup unhydrated until it comes near the screen, then hydrates it', async () => {
    const view = stubIntersections();
    const load = vi.fn(() => Promise.resolve(Counter));
    const Part = island(load);
    const onError = vi.fn();
    const container = await hydrate(<Part label="Plans" />, serverMarkup('Plans'), onError);
    const button = screen.getByRole('button', { name: 'Plans 0' });
    // Its code is not even asked for; a press before then changes nothing (it is the server's markup).
    expect(load).not.toHaveBeenCalled();
    expect(view.watched()).toEqual([button]);
    fireEvent.click(button);
    expect(button.textContent).toBe('Plans 0');

    await act(async () => view.comeIntoView());
    expect(load).toHaveBeenCalledTimes(1);
    // The press made before is answered once the part is hydrated, once; the next as usual.
    await waitFor(() => expect(button.textContent).toBe('Plans 1'));
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Plans 2'));
    // The very element the server wrote, now React's: nothing was thrown away.
    expect(container.querySelector('button')).toBe(button);
    expect(onError).not.toHaveBeenCalled();
  });

  it('hydrates a part kept for interaction when it is pressed, not when it scrolls into view, and answers the tap', async () => {
    const view = stubIntersections();
    const Part = island({ component: Counter }, 'interaction');
    await hydrate(<Part label="About" />, serverMarkup('About'));
    expect(view.watched()).toEqual([]);
    const button = screen.getByRole('button', { name: 'About 0' });
    // A tap: the press wakes it, and the click that follows is answered once it is hydrated.
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('About 1'));
  });

  it('keeps the server markup when the page around it renders again before it hydrates', async () => {
    stubIntersections();
    const Part = island({ component: Counter }, 'interaction');
    const onError = vi.fn();
    const container = await hydrate(
      <Page part={Part} />,
      `<main data-n="0">${serverMarkup('About')}</main>`,
      onError,
    );
    const button = screen.getByRole('button', { name: 'About 0' });
    await act(async () => rerender(1));
    expect(container.querySelector('main')?.dataset.n).toBe('1');
    expect(container.querySelector('button')).toBe(button);
    expect(onError).not.toHaveBeenCalled();
  });

  it('hydrates a part asked to wait only once it has been in view that long', async () => {
    const view = stubIntersections();
    const load = vi.fn(() => Promise.resolve(Counter));
    const Part = island(load, { visibleFor: 3000 });
    vi.useFakeTimers();
    try {
      await hydrate(<Part label="Logos" />, serverMarkup('Logos'));
      await act(async () => view.comeIntoView());
      await act(async () => vi.advanceTimersByTime(2900));
      expect(load).not.toHaveBeenCalled();
      await act(async () => vi.advanceTimersByTime(100));
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a held click take its own course when the part cannot load (offline): a link is followed', async () => {
    stubIntersections();
    const Part = island(() => Promise.reject(new Error('offline')), 'interaction');
    const container = document.createElement('div');
    container.innerHTML = '<div class="island"><!--$--><a href="#services">Services</a><!--/$--></div>';
    document.body.append(container);
    const onError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <Part />, { onRecoverableError: onError });
    });
    const followed = vi.fn();
    window.addEventListener('hashchange', followed);
    const link = screen.getByRole('link', { name: 'Services' });
    fireEvent.pointerDown(link);
    link.click();
    await waitFor(() => expect(window.location.hash).toBe('#services'));
    // The server's markup stays, and nothing is reported as a failed hydration.
    expect(container.querySelector('a')).toBe(link);
    expect(onError).not.toHaveBeenCalled();
    window.removeEventListener('hashchange', followed);
  });

  it('fetches its code as its page module arrives, on a later page of the visit', async () => {
    document.getElementById('page-data')?.remove();
    serverRendered('/another-page');
    const load = vi.fn(() => Promise.resolve(Counter));
    island(load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once in a page the browser renders itself', async () => {
    const Part = island({ component: Counter });
    render(<Part label="Plans" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Plans 0' }));
    expect(screen.getByRole('button').textContent).toBe('Plans 1');
  });

  it('loads the code of a part with its own chunk when a page rendered in the browser shows it', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const Part = island(load);
    render(<Part label="FAQ" />);
    expect((await screen.findByRole('button', { name: 'FAQ 0' })).textContent).toBe('FAQ 0');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
