import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while the page is rendered on the server and during the browser's hydration of that markup, false in
 * every later render and in a page rendered in the browser from the start. What only the browser knows (the
 * window's width, a draft in localStorage) is shown once this is false, so hydration finds what the server
 * wrote.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
