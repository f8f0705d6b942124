import { createHash } from 'node:crypto';
import { escapeAttribute } from './html';

/**
 * Stylesheets inline in a rendered page's head. A linked stylesheet holds back the first paint for a round
 * trip each (root-config's, the shell's and the route app's: about a second on a phone's network), so the
 * page carries their text in `<style>` elements instead, and the Content-Security-Policy allows exactly
 * those texts by their hashes (it allows no other inline style).
 */

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
 */
export function styleMarkup(
  sheets: readonly Stylesheet[],
  { loadedLater }: { loadedLater: boolean },
): StyleMarkup {
  const html: string[] = [];
  const hashes: string[] = [];
  for (const { href, css } of sheets) {
    const url = escapeAttribute(href);
    if (!inlinable(css)) {
      html.push(`<link rel="stylesheet" href="${url}">`);
      continue;
    }
    html.push(`<style>${css}</style>`);
    if (loadedLater) html.push(`<link rel="stylesheet" href="${url}" disabled>`);
    const hash = styleHash(css);
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  return { html: html.join(''), hashes };
}
