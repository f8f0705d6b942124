/**
 * A page the server rendered carries inline only the rules of the micro-frontends' stylesheets that its markup
 * uses; each such stylesheet is also linked, disabled and marked `data-deferred` (api/src/lib/inline-styles.ts).
 * Enabled here, after the page has painted, the whole files load without holding back the first paint, and
 * the promise settles when each has loaded or failed: apps mount after it, so nothing a script opens (the
 * menu, a toast, a dialog) shows before its styles are there. A file is the inline rules and more, in the
 * same order, so applying it moves nothing on the page.
 */
export const DEFERRED_SELECTOR = 'link[rel="stylesheet"][data-deferred]';

export function loadDeferredStylesheets(doc: Document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>(DEFERRED_SELECTOR)];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          // A file that cannot load leaves the inline part, as a page without the file had before.
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-deferred');
          link.removeAttribute('disabled');
        }),
    ),
  ).then(() => undefined);
}
