// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { librariesFirst, pageModules, startAfterFirstPaint } from './first-paint';

/** A window whose Paint Timing the test drives: `paint()` reports the first contentful paint. */
function fakeWindow(options: { visible?: boolean; paintTiming?: boolean; painted?: boolean } = {}) {
  const { visible = true, paintTiming = true, painted = false } = options;
  let visibility: DocumentVisibilityState = visible ? 'visible' : 'hidden';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  const observers: {
    callback: (list: { getEntriesByName: (name: string) => object[] }) => void;
    on: boolean;
  }[] = [];
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['resource'];
    private readonly entry;
    constructor(callback: (typeof observers)[number]['callback']) {
      this.entry = { callback, on: false };
      observers.push(this.entry);
    }
    observe(init: { type: string; buffered: boolean }) {
      expect(init).toEqual({ type: 'paint', buffered: true });
      this.entry.on = true;
    }
    disconnect() {
      this.entry.on = false;
    }
  }
  const timers: { fn: () => void; ms: number; on: boolean }[] = [];
  const win = {
    document,
    location: new URL('http://localhost/blog/hello?lng=ar'),
    PerformanceObserver: Observer,
    performance: {
      getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []),
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms, on: true }) - 1,
    clearTimeout: (id: number) => {
      const timer = timers[id];
      if (timer) timer.on = false;
    },
  } as unknown as Window & typeof globalThis;
  return {
    win,
    observing: () => observers.some((o) => o.on),
    paint(name = 'first-contentful-paint') {
      for (const o of observers.filter((x) => x.on))
        o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) });
    },
    hide() {
      visibility = 'hidden';
      document.dispatchEvent(new Event('visibilitychange'));
    },
    runTimers() {
      for (const timer of timers.filter((t) => t.on)) {
        timer.on = false;
        timer.fn();
      }
    },
    timers,
  };
}

const MODULES = '/assets/index-1.js /assets/react-dom-1.js /mf/mf-blog/remoteEntry.js';

function page({ renderedFor = '/blog/hello?lng=ar', modules = MODULES } = {}) {
  document.head.innerHTML = `<script type="module" src="/assets/start-1.js" data-entry="/assets/index-1.js" data-modules="${modules}"></script>`;
  document.body.innerHTML =
    renderedFor === ''
      ? '<main></main>'
      : `<main><h1>Hello</h1></main><script type="application/json" id="page-data" data-url="${renderedFor}">{}</script>`;
}

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    link.getAttribute('href'),
    link.getAttribute('fetchpriority'),
  ]);

describe('the starter', () => {
  beforeEach(() => page());

  it('asks for nothing before the page the server rendered has painted, then for all of it at once', async () => {
    const fake = fakeWindow();
    const start = vi.fn();
    startAfterFirstPaint(fake.win, start);
    expect(start).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
    // Another paint entry (first-paint, a background colour) is not the page's content.
    fake.paint('first-paint');
    expect(start).not.toHaveBeenCalled();
    fake.paint();
    expect(start).toHaveBeenCalledTimes(1);
    expect(start).toHaveBeenCalledWith('/assets/index-1.js', MODULES.split(' '));
    // In the server's order, after the first screen's fonts and images (one link a task).
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads()).toEqual([
      ['/assets/index-1.js', 'low'],
      ['/assets/react-dom-1.js', 'low'],
      ['/mf/mf-blog/remoteEntry.js', 'low'],
    ]);
    // Nothing is left watching, and a later report or timer starts nothing twice.
    expect(fake.observing()).toBe(false);
    fake.paint();
    fake.runTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('puts the preload links in one a task, the first at once', async () => {
    const fake = fakeWindow();
    startAfterFirstPaint(fake.win, vi.fn());
    fake.paint();
    expect(preloads().map(([href]) => href)).toEqual(['/assets/index-1.js']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(preloads().map(([href]) => href)).toEqual(MODULES.split(' '));
  });

  it('starts at once when no first paint is to be waited for', () => {
    const cases: [string, () => ReturnType<typeof fakeWindow>][] = [
      [
        'a page the browser renders itself',
        () => {
          page({ renderedFor: '' });
          return fakeWindow();
        },
      ],
      [
        'a kept page opened at another address',
        () => {
          page({ renderedFor: '/blog/other' });
          return fakeWindow();
        },
      ],
      ['a page not shown', () => fakeWindow({ visible: false })],
      ['a browser without Paint Timing', () => fakeWindow({ paintTiming: false })],
      ['a first paint already reported', () => fakeWindow({ painted: true })],
    ];
    for (const [name, setUp] of cases) {
      page();
      const fake = setUp();
      const start = vi.fn();
      startAfterFirstPaint(fake.win, start);
      expect(start, name).toHaveBeenCalledWith('/assets/index-1.js', MODULES.split(' '));
      expect(fake.observing(), name).toBe(false);
    }
  });

  it('starts when the waiting page is hidden, or when its paint is not reported in time', () => {
    const hidden = fakeWindow();
    const start = vi.fn();
    startAfterFirstPaint(hidden.win, start);
    hidden.hide();
    expect(start).toHaveBeenCalledTimes(1);

    page();
    const late = fakeWindow();
    const startLate = vi.fn();
    startAfterFirstPaint(late.win, startLate, 3000);
    expect(late.timers.map((t) => t.ms)).toEqual([3000]);
    late.runTimers();
    expect(startLate).toHaveBeenCalledTimes(1);
    expect(late.observing()).toBe(false);
  });

  it('reads the entry and the modules from its script, and starts nothing without an entry', () => {
    page({ modules: '  /a.js\n  /b.js ' });
    expect(pageModules(document)).toEqual({ entry: '/assets/index-1.js', modules: ['/a.js', '/b.js'] });
    document.head.innerHTML = '<script type="module" src="/assets/start-1.js"></script>';
    const start = vi.fn();
    startAfterFirstPaint(fakeWindow().win, start);
    expect(start).not.toHaveBeenCalled();
  });

  it("evaluates root-config's libraries before its entry, and leaves the micro-frontends' to the federation", () => {
    const modules = [
      '/assets/index-1.js',
      '/assets/rolldown-runtime-1.js',
      '/assets/react-dom-1.js',
      '/assets/i18next-1.js',
      '/mf/mf-blog/remoteEntry.js',
      '/mf/assets/lifecycles-1.js',
      '/assets/nested/other.js',
    ];
    expect(librariesFirst('/assets/index-1.js', modules)).toEqual([
      '/assets/rolldown-runtime-1.js',
      '/assets/react-dom-1.js',
      '/assets/i18next-1.js',
    ]);
    expect(librariesFirst('/assets/index-1.js', [])).toEqual([]);
  });
});
