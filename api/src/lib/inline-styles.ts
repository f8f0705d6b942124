import { createHash } from 'node:crypto';
import { criticalCss } from './critical-css';
import { escapeAttribute } from './html';

/**
 * Stylesheets inline in a rendered page's head. A linked stylesheet holds back the first paint for a round
 * trip each (root-config's, the shell's and the route app's: about a second on a phone's network), so the
 * page carries their text in `<style>` elements instead, and the Content-Security-Policy allows exactly
 * those texts by their hashes (it allows no other inline style).
 */

/** Marks the disabled link of a stylesheet whose page carries only part of it inline (see styleMarkup). */
export const DEFERRED_ATTRIBUTE = 'data-deferred';

/** A stylesheet of the page: its URL, and its text when it could be read. */
export interface Stylesheet {
  href: string;
  css: string | null;
}

/** The CSP source that allows one `<style>` element with exactly this text. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/** Whether the text may stand inside `<style>` as it is: nothing in it may end the element. */
function inlinable(css: string | null): css is string {
  return css !== null && !/<\/style/i.test(css);
}

/** The head's markup for some stylesheets, and the hashes its inline styles need in the CSP. */
export interface StyleMarkup {
  html: string;
  hashes: string[];
}

/**
 * The markup for stylesheets, each inline when its text is known and safe to inline, else linked.
 *
 * `loadedLater`: the micro-frontends' code asks for its own stylesheets again when it loads (Vite's preload
 * helper adds a `<link>` and waits for it unless the page already links that URL). Such a stylesheet also gets
 * a `disabled` link: the helper sees it and asks for nothing, and a browser neither downloads nor applies a
 * disabled stylesheet, so the styles come from the inline copy alone.
 *
 * `pageClasses` (with `loadedLater`): the classes of the page's markup. Only the rules that can match it go
 * inline (lib/critical-css.ts); when some are left out, the link is marked `data-deferred`, and root-config
 * enables it once the page has painted (deferred-styles.ts), so the whole file follows before any app mounts.
 */
export function styleMarkup(
  sheets: readonly Stylesheet[],
  { loadedLater, pageClasses }: { loadedLater: boolean; pageClasses?: ReadonlySet<string> },
): StyleMarkup {
  const html: string[] = [];
  const hashes: string[] = [];
  for (const { href, css } of sheets) {
    const url = escapeAttribute(href);
    if (!inlinable(css)) {
      html.push(`<link rel="stylesheet" href="${url}">`);
      continue;
    }
    const inline = loadedLater && pageClasses ? criticalCss(css, pageClasses) : css;
    // Nothing of it the page uses: only the link, for later.
    if (inline) html.push(`<style>${inline}</style>`);
    if (inline !== css) html.push(`<link rel="stylesheet" href="${url}" disabled ${DEFERRED_ATTRIBUTE}>`);
    else if (loadedLater) html.push(`<link rel="stylesheet" href="${url}" disabled>`);
    if (!inline) continue;
    const hash = styleHash(inline);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { html: html.join(''), hashes };
}
