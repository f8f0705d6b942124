import { useHydrating, useServerRender } from '@agency/core';
import {
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * When a part of a server-rendered page is hydrated:
 * - `visible`: as it comes near the viewport (or is pressed, focused or typed in first);
 * - `{ visibleFor: ms }`: once it has been in view that long (a carousel that first moves after its
 *   interval), or is pressed, focused or typed in first;
 * - `interaction`: only once it is pressed, focused or typed in (a part that shows what the server wrote and
 *   only needs its code to act: its links work as links before).
 */
export type IslandWhen = 'visible' | 'interaction' | { visibleFor: number };

/** A part's code: a dynamic `import()` for a part with its own chunk, or the component itself. */
export type IslandSource<P> = (() => Promise<ComponentType<P>>) | { component: ComponentType<P> };

/** How far below the viewport a `visible` part starts to load: it is ready before the visitor reaches it. */
const VISIBLE_MARGIN = '200px';

/** Events that wake a part at once: the visitor is about to use it. */
const WAKE_EVENTS = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/** Calls `wake` once the part in `element` is needed; gives back what stops watching. */
export function whenNeeded(element: HTMLElement, when: IslandWhen, wake: () => void): () => void {
  // No server markup to show meanwhile (the page was rendered in the browser after all): needed now.
  if (element.children.length === 0) {
    wake();
    return () => undefined;
  }
  const stops: (() => void)[] = [];
  const once = () => {
    for (const stop of stops) stop();
    wake();
  };
  // Heard on the document, before React's own listeners on the app's root: React stops the events it cannot
  // yet hand to a part that waits.
  const doc = element.ownerDocument;
  const inPart = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) once();
  };
  for (const type of WAKE_EVENTS) {
    doc.addEventListener(type, inPart, { capture: true, passive: true });
    stops.push(() => doc.removeEventListener(type, inPart, { capture: true }));
  }
  if (when !== 'interaction') {
    if (typeof IntersectionObserver === 'undefined') {
      once();
      return () => undefined;
    }
    const delay = when === 'visible' ? 0 : when.visibleFor;
    let timer: ReturnType<typeof setTimeout> | undefined;
    stops.push(() => clearTimeout(timer));
    const observer = new IntersectionObserver(
      (entries) => {
        const seen = entries.some((entry) => entry.isIntersecting);
        clearTimeout(timer);
        if (seen && delay === 0) once();
        else if (seen) timer = setTimeout(once, delay);
      },
      { rootMargin: delay === 0 ? VISIBLE_MARGIN : '0px' },
    );
    // The wrapper takes no box of its own (display: contents): what it holds is watched.
    for (const child of element.children) observer.observe(child);
    stops.push(() => observer.disconnect());
  }
  return () => {
    for (const stop of stops) stop();
  };
}

/**
 * Holds the clicks made on a part before it is hydrated (a tap on a question of the FAQ as it scrolls into
 * view, Enter on a focused tab): the server's markup cannot act on them, and React does not replay them.
 * `release` makes the last one again on the same element (once the part is hydrated, React's handlers answer
 * it; if its code could not be loaded, the browser's own action runs: a link is followed). `stop` drops it.
 */
export function holdClicks(element: HTMLElement): { release: () => void; stop: () => void } {
  let held: HTMLElement | null = null;
  const doc = element.ownerDocument;
  // On the document, before React's listeners on the app's root, which would drop it.
  const hold = (event: MouseEvent) => {
    if (!(event.target instanceof HTMLElement) || !element.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = event.target;
  };
  doc.addEventListener('click', hold, { capture: true });
  const stop = () => {
    doc.removeEventListener('click', hold, { capture: true });
    held = null;
  };
  return {
    stop,
    release() {
      const target = held;
      stop();
      if (target?.isConnected) target.click();
    },
  };
}

/**
 * A part of a server-rendered page that is hydrated when it is needed rather than with the page: the rest
 * of the page hydrates (and responds) without waiting for it, and its code, when it has its own chunk, is
 * downloaded only then. Until that moment the server's markup stays as it was: it reads, its links are
 * links; React keeps it as a dehydrated Suspense boundary.
 *
 * On the server the part renders in full (the page's render waits for its code). In a page the browser
 * renders itself it renders at once (a part with its own chunk shows when its code is here). Its props are
 * compared by value and must be plain data: a waiting part must not receive an update before it hydrates
 * (React would throw its markup away).
 */
export function island<P extends object>(
  source: IslandSource<P>,
  when: IslandWhen = 'visible',
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined = typeof source === 'function' ? undefined : source.component;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = (): Promise<ComponentType<P>> => {
    if (loaded) return Promise.resolve(loaded);
    if (typeof source !== 'function') return Promise.resolve(source.component);
    loading ??= source().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined; // offline: the next try loads it again
        throw error;
      },
    );
    return loading;
  };
  const Now = lazy(() => start().then((component) => ({ default: component })));
  // A page the browser renders itself (a later page of the visit) wants its parts' code with its own: asked
  // for as the page's module arrives, not when React first meets the part, one round trip later.
  if (typeof document !== 'undefined' && !renderedHere()) start().catch(() => undefined);

  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per part at a module's top level, as lazy() is.
  function Island(props: P) {
    const wrapper = useRef<HTMLDivElement>(null);
    const onServer = useServerRender() !== null;
    const hydrating = useHydrating() && !onServer;
    // Chosen at the first render: hydrating the server's markup, the part waits for its moment.
    const [gate] = useState(() => {
      if (!hydrating) return null;
      let open: () => void = () => undefined;
      const opened = new Promise<void>((resolve) => {
        open = resolve;
      });
      // Once the part is hydrated (its effects run), or its code could not be loaded (the server's markup then
      // stays as it is), the clicks held meanwhile are made again.
      const hydrated: { current: () => void } = { current: () => undefined };
      const Gated = lazy(() =>
        opened.then(start).then(
          (Component) => ({
            default: (inner: P) => (
              <Hydrated signal={hydrated}>
                <Component {...inner} />
              </Hydrated>
            ),
          }),
          () => {
            hydrated.current();
            return new Promise<never>(() => undefined);
          },
        ),
      );
      return { open, Gated, hydrated };
    });
    const [Part] = useState(() => gate?.Gated ?? loaded ?? Now);
    useEffect(() => {
      const element = wrapper.current;
      if (!gate || !element) return;
      const clicks = holdClicks(element);
      gate.hydrated.current = clicks.release;
      const stop = whenNeeded(element, when, gate.open);
      return () => {
        stop();
        clicks.stop();
        gate.hydrated.current = () => undefined;
      };
    }, [gate]);
    // On the server and in hydration, the same element and boundary, so the markup the server writes is the
    // one hydration expects (a part inside a part hydrated later too). The boundary is the same element from
    // render to render (the re-render that follows hydration included): React drops the markup of a waiting
    // boundary that receives new props. A page the browser renders itself waits for the part's code with
    // its own (the page's loading state), rather than showing it later and moving what follows.
    const [bounded] = useState(hydrating || onServer);
    const boundary = useMemo(
      () =>
        bounded ? (
          <Suspense fallback={null}>
            <Part {...props} />
          </Suspense>
        ) : (
          <Part {...props} />
        ),
      [Part, props, bounded],
    );
    return (
      <div ref={wrapper} className="island">
        {boundary}
      </div>
    );
  }
  return memo(Island, sameProps) as unknown as ComponentType<P>;
}

/** Says, once its part is hydrated (its effects run), so through `signal`. Adds nothing to the page. */
function Hydrated({ signal, children }: { signal: { current: () => void }; children: ReactNode }) {
  useEffect(() => signal.current(), [signal]);
  return children;
}

/** Whether the page in the window is the one the server rendered (its parts are then hydrated, not fetched ahead). */
function renderedHere(): boolean {
  // core's PAGE_DATA_ELEMENT_ID: that module would bring the route table along into this chunk.
  const rendered = document.getElementById('page-data')?.dataset.url;
  return (
    rendered !== undefined && new URL(rendered, window.location.href).pathname === window.location.pathname
  );
}

/** Props equal by value (the page's data parsed again is a new object with the same content): plain data only. */
function sameProps(a: object, b: object): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
