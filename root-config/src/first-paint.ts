// The page's first module: nothing here imports the site's code (core's page-data module would bring the
// route table along), so it is one small file.

/**
 * The attributes of the starter's script (index.html, written by the build: vite.config.ts): the site's entry
 * module, and on a page the server rendered, every module the page runs (root-config's chunks, the federation
 * runtime, the micro-frontend's entry and exposed module), put there by the server instead of
 * `<link rel="modulepreload">` tags (api/src/plugins/web/compose.ts).
 */
export const ENTRY_ATTRIBUTE = 'data-entry';
export const MODULES_ATTRIBUTE = 'data-modules';

/** How long a visible page waits for the browser to report its first paint before it starts anyway. */
export const FIRST_PAINT_WAIT_MS = 3000;

/** The site's entry module and the page's modules (space-separated on the starter's script), in their order. */
export function pageModules(doc: Document): { entry: string | undefined; modules: string[] } {
  const script = doc.querySelector<HTMLScriptElement>(`script[${ENTRY_ATTRIBUTE}]`);
  const list = script?.getAttribute(MODULES_ATTRIBUTE);
  return {
    entry: script?.getAttribute(ENTRY_ATTRIBUTE) || undefined,
    modules: list ? list.split(/\s+/).filter(Boolean) : [],
  };
}

/**
 * The chunks beside the entry (root-config's libraries: React DOM, i18next and their runtime) among the page's
 * modules, in their order: the entry imports them, and evaluated one by one before it, each in a task of its
 * own, they do not make one long task with it (a module's imports are evaluated with it). The
 * micro-frontends' modules are not among them: they are evaluated when the federation runtime loads them.
 */
export function librariesFirst(entry: string, modules: readonly string[]): string[] {
  const folder = entry.slice(0, entry.lastIndexOf('/') + 1);
  return modules.filter(
    (href) => href !== entry && href.startsWith(folder) && !href.slice(folder.length).includes('/'),
  );
}

/**
 * A break for the browser between two evaluations: `scheduler.yield` where it is there, else a timer. core's
 * yieldToMain does the same with a MessageChannel fallback; imported here, it would be a chunk of its own,
 * one more file on every page.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Whether the page holds what the server rendered for this address (a kept page opened at another address
 * is cleared and rendered in the browser: stale-markup.ts, which compares the addresses in full). The same
 * test as mf-marketing's island.tsx: shared through core, it becomes a chunk of its own, fetched before the
 * paint on every page.
 */
function renderedHere(doc: Document, location: Location): boolean {
  // core's PAGE_DATA_ELEMENT_ID
  const rendered = doc.getElementById('page-data')?.dataset.url;
  return rendered !== undefined && new URL(rendered, location.href).pathname === location.pathname;
}

/**
 * Asks for the page's modules side by side (none waits for the one that imports it), after what the page
 * shows: `fetchpriority="low"`, so the fonts and images of its first screen keep the bandwidth. The server
 * lists each once, root-config's first, and a page it rendered has no modulepreload links of its own. One link
 * a task, the first at once: each starts a request (0.3-0.5 ms of CPU here), and the page's eighteen in one go
 * were most of the starter's task after the paint.
 */
export async function preloadModules(doc: Document, hrefs: readonly string[]): Promise<void> {
  for (const [index, href] of hrefs.entries()) {
    if (index > 0) await nextTask();
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.setAttribute('fetchpriority', 'low');
    doc.head.append(link);
  }
}

/**
 * Whether the browser will say when the page first paints: Paint Timing's `first-contentful-paint` entry.
 * A page that is not shown does not paint (a tab opened in the background, a page being prerendered).
 */
function firstPaintToCome(win: Window & typeof globalThis): boolean {
  return (
    win.document.visibilityState === 'visible' &&
    typeof win.PerformanceObserver === 'function' &&
    (win.PerformanceObserver.supportedEntryTypes ?? []).includes('paint') &&
    win.performance.getEntriesByName('first-contentful-paint').length === 0
  );
}

/**
 * Runs `start` (the import of the site's code) once the page the server rendered has painted: that page
 * reads, and its links are links, from its HTML alone, so nothing of the code it is hydrated with is asked for
 * before its first screen is on the glass. The code then comes side by side (preloadModules). Without a first
 * paint to wait for, `start` runs now:
 * - a page the browser renders itself (an editor screen, a kept page opened at another address): nothing
 *   shows before its code;
 * - a page that is not shown, or a browser without Paint Timing;
 * - the first paint already reported (the entry arrived after it).
 * A page that is hidden while it waits, or whose paint is not reported within FIRST_PAINT_WAIT_MS, starts then.
 */
export function startAfterFirstPaint(
  win: Window & typeof globalThis,
  start: (entry: string, modules: readonly string[]) => void,
  waitMs = FIRST_PAINT_WAIT_MS,
): void {
  const doc = win.document;
  const { entry, modules } = pageModules(doc);
  if (!entry) return; // not a page of this build
  let started = false;
  const stops: (() => void)[] = [];
  const go = () => {
    if (started) return;
    started = true;
    for (const stop of stops) stop();
    void preloadModules(doc, modules);
    start(entry, modules);
  };
  if (!renderedHere(doc, win.location) || !firstPaintToCome(win)) {
    go();
    return;
  }
  const observer = new win.PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) go();
  });
  observer.observe({ type: 'paint', buffered: true });
  stops.push(() => observer.disconnect());
  const timer = win.setTimeout(go, waitMs);
  stops.push(() => win.clearTimeout(timer));
  const onHidden = () => {
    if (doc.visibilityState === 'hidden') go();
  };
  doc.addEventListener('visibilitychange', onHidden);
  stops.push(() => doc.removeEventListener('visibilitychange', onHidden));
}
