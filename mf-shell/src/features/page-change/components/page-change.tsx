import { useLocation } from '@agency/core';
import { useEffect, useRef, useState } from 'react';

const MAIN_ID = 'main-content';

/**
 * After a move to another page (a new path; not the first page, nor a change of query), focus goes to the
 * new page's main heading, and its title is said in a polite live region (WCAG 2.4.3, 4.1.3): a link of a
 * closed mobile menu, a signed-in form or a removed button would otherwise leave focus on the page's body.
 * Focus the new page or its visitor already placed inside it is left alone. What happens after the move is
 * in page-focus.ts, loaded on the first move rather than with every page.
 */
export function PageChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  const [said, setSaid] = useState('');

  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    const move = {
      main,
      startedFrom: document.activeElement,
      oldHeading: main.querySelector('h1'),
      start: Date.now(),
      path: pathname,
    };
    setSaid('');
    let stop: (() => void) | null = null;
    let cancelled = false;
    import('./page-focus').then(
      ({ followPageMove }) => {
        if (!cancelled) stop = followPageMove(move, setSaid);
      },
      () => undefined, // offline with nothing cached: the page still changes, focus stays where it is
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );
}
