/**
 * What a move to another page does once its new heading shows (loaded on the first move, not with the page):
 * focus goes to it unless the new page or its visitor already placed focus inside it (WCAG 2.4.3).
 */

/** How long a new page may take to show its heading (its data may come first). */
const HEADING_WAIT_MS = 5000;
/** After this long, the heading that was there before counts as the new page's (same element, new words). */
const SAME_HEADING_MS = 300;
/** How long the new page may take to set its title (its data may come first); then the title is said as is. */
const TITLE_WAIT_MS = 1500;

export interface PageMove {
  main: HTMLElement;
  /** Where focus was when the path changed. */
  startedFrom: Element | null;
  /** The old page's heading: it may stay a moment, or be the same element given new words. */
  oldHeading: Element | null;
  start: number;
  /** The new path. */
  path: string;
}

/**
 * Calls `done` with the new page's title once the page has set it: the old page, going, may first put back the
 * one before it. A title a page sets is marked with its path (core's useDocumentMeta). Answers a stop.
 */
function whenTitleSet(move: PageMove, done: (title: string) => void): () => void {
  const root = document.documentElement;
  const finish = () => {
    stop();
    done(document.title);
  };
  const check = () => {
    if (root.dataset.titleFor === move.path) finish();
  };
  const observer = new MutationObserver(check);
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  observer.observe(root, { attributeFilter: ['data-title-for'] });
  const longest = window.setTimeout(finish, TITLE_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(longest);
  };
  check();
  return stop;
}

/** Whether focus is still where the old page left it: nothing, a link of the frame, or an element now gone. */
function focusLeftBehind(move: PageMove): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === move.startedFrom || !active.isConnected) return true;
  return !move.main.contains(active);
}

/**
 * Watches for a new heading replacing `old` (which had the focus) and gives it the focus if the old one's went
 * with it; answers a stop. Ends HEADING_WAIT_MS after the move.
 */
function whenReplaced(move: PageMove, old: HTMLElement, focus: (heading: HTMLElement) => void): () => void {
  const check = () => {
    const heading = move.main.querySelector<HTMLElement>('h1');
    if (!heading || heading === old) return;
    stop();
    const active = document.activeElement;
    if (!active || active === document.body || active === old || !active.isConnected) focus(heading);
  };
  const observer = new MutationObserver(check);
  observer.observe(move.main, { childList: true, subtree: true });
  const timer = window.setTimeout(() => stop(), Math.max(0, HEADING_WAIT_MS - (Date.now() - move.start)));
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  return stop;
}

/**
 * Waits for the new page's heading, focuses it if focus was left behind, then calls `done` with the new page's
 * title; answers a stop.
 */
export function followPageMove(move: PageMove, done: (title: string) => void): () => void {
  const { main } = move;
  let timer = 0;
  let stopTitle = () => {};
  let stopLate = () => {};
  const focus = (target: HTMLElement) => {
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  };
  const settle = (heading: HTMLElement | null) => {
    stop();
    const target = heading ?? main;
    if (focusLeftBehind(move)) focus(target);
    stopTitle = whenTitleSet(move, done);
    // Settled on the old page's heading (the new page was slow to come: its code still on its way), the new
    // heading that replaces it takes the focus the old one loses, until HEADING_WAIT_MS from the move.
    if (heading && heading === move.oldHeading) stopLate = whenReplaced(move, heading, focus);
  };
  // `waited`: SAME_HEADING_MS has passed, by the timer set for it (which a clock read in whole milliseconds
  // may place a millisecond short of it: the old heading would then wait for HEADING_WAIT_MS).
  const look = (waited = false) => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (heading && (waited || heading !== move.oldHeading || Date.now() - move.start >= SAME_HEADING_MS))
      settle(heading);
  };
  const observer = new MutationObserver(() => look());
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    window.clearTimeout(first);
    stopTitle();
    stopLate();
  };
  observer.observe(main, { childList: true, subtree: true });
  timer = window.setTimeout(() => settle(null), Math.max(0, HEADING_WAIT_MS - (Date.now() - move.start)));
  const first = window.setTimeout(() => look(true), Math.max(0, SAME_HEADING_MS - (Date.now() - move.start)));
  look();
  return stop;
}
