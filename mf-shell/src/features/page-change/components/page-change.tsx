import { useLocation } from '@agency/core';
import { useEffect, useRef, useState } from 'react';

const MAIN_ID = 'main-content';
/** How long a new page may take to show its heading (its data may come first). */
const HEADING_WAIT_MS = 5000;
/** After this long, the heading that was there before counts as the new page's (same element, new words). */
const SAME_HEADING_MS = 300;

/** Whether focus is still where the old page left it: nothing, a link of the frame, or an element now gone. */
function focusLeftBehind(startedFrom: Element | null, main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === startedFrom || !active.isConnected) return true;
  return !main.contains(active);
}

/**
 * After a move to another page (a new path; not the first page, nor a change of query), focus goes to the
 * new page's main heading, and its title is said in a polite live region (WCAG 2.4.3, 4.1.3): a link of a
 * closed mobile menu, a signed-in form or a removed button would otherwise leave focus on the page's body.
 * Focus the new page or its visitor already placed inside it is left alone.
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
    const startedFrom = document.activeElement;
    // The old page's heading may stay a moment, or be the same element given new words (one app, two pages).
    const oldHeading = main.querySelector('h1');
    const start = Date.now();
    let timer = 0;
    const settle = (heading: HTMLElement | null) => {
      observer.disconnect();
      window.clearTimeout(timer);
      const target = heading ?? main;
      if (focusLeftBehind(startedFrom, main)) {
        if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
        target.focus({ preventScroll: true });
      }
      // The title is set by the page as it shows: read it once this turn has ended.
      window.setTimeout(() => setSaid(document.title), 0);
    };
    const look = () => {
      // The page's own heading; the shell's 404 page has its heading in main as well.
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading && (heading !== oldHeading || Date.now() - start >= SAME_HEADING_MS)) settle(heading);
    };
    const observer = new MutationObserver(look);
    observer.observe(main, { childList: true, subtree: true });
    timer = window.setTimeout(() => settle(null), HEADING_WAIT_MS);
    setSaid('');
    const first = window.setTimeout(look, SAME_HEADING_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
      window.clearTimeout(first);
    };
  }, [pathname]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {said}
    </p>
  );
}
