import postcss, { type AtRule, type ChildNode, type Container, type Rule } from 'postcss';

/**
 * The part of a stylesheet a rendered page needs for its first paint: the rules whose selectors can match
 * something in its markup. A page carries that part inline; the rest of the stylesheet (states that only a
 * script brings: an open menu, a toast, a dialog) comes with the whole file, which the browser loads after the
 * page has painted (root-config's deferred-styles.ts, before any app mounts). The whole file is a superset of
 * the part, in the same order, so applying it changes nothing already on the page.
 *
 * A selector is kept unless it names a class that appears nowhere in the page (`class="..."`). Only classes
 * outside functional pseudo-classes count (`:not(.a)`, `:is(.a,.b)`, `:has(.a)` require nothing), and a
 * selector without a class is always kept: the test errs on the side of keeping.
 */

/** One piece of a stylesheet, read once per stylesheet text (see `planOf`). */
type Piece =
  /** Kept whole: @font-face, @keyframes, @property, declarations at the top, anything unknown. */
  | { kind: 'text'; text: string }
  /** A style rule: each selector with the classes it needs, and its declaration block (`{...}`). */
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; whole: string; block: string }
  /** A conditional group (@media, @supports, @layer, @container): kept when anything in it is. */
  | { kind: 'group'; open: string; pieces: Piece[]; close: string };

/** At-rules whose children are style rules that apply when a condition holds. */
const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document', 'starting-style']);

/** Classes a script sets on the page before any stylesheet could follow (core's language.ts: `rtl`). */
const SCRIPT_CLASSES = ['rtl'];

/** The classes a selector needs present in the page, with functional pseudo-classes' arguments left out. */
export function classesOf(selector: string): string[] {
  let outside = '';
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < selector.length; i++) {
    const char = selector[i] as string;
    if (char === '\\') {
      if (depth === 0 && quote === null) outside += selector.slice(i, i + 2);
      i++;
      continue;
    }
    if (quote !== null) {
      if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += char;
  }
  const classes: string[] = [];
  for (const match of outside.matchAll(/\.((?:\\.|[\w-]|\P{ASCII})+)/gu))
    classes.push((match[1] as string).replace(/\\(.)/g, '$1'));
  return classes;
}

function piecesOf(container: Container<ChildNode>): Piece[] {
  const pieces: Piece[] = [];
  for (const node of container.nodes ?? []) {
    if (node.type === 'rule') {
      pieces.push(rulePiece(node));
    } else if (node.type === 'atrule' && GROUPS.has(node.name.toLowerCase()) && node.nodes) {
      const whole = node.toString();
      const inner = node.nodes.map((child) => child.toString()).join('');
      const open = whole.slice(0, whole.indexOf('{') + 1);
      pieces.push({
        kind: 'group',
        open,
        pieces: piecesOf(node as AtRule),
        close: whole.slice(open.length + inner.length),
      });
    } else {
      pieces.push({ kind: 'text', text: node.toString() });
    }
  }
  return pieces;
}

function rulePiece(rule: Rule): Piece {
  const whole = rule.toString();
  const selectorText = rule.raws.selector?.raw ?? rule.selector;
  return {
    kind: 'rule',
    selectors: rule.selectors.map((text) => ({ text, classes: classesOf(text) })),
    whole,
    block: whole.slice(selectorText.length),
  };
}

/** Stylesheets read so far, by their text (a build has a handful; a new build brings new texts). */
const plans = new Map<string, Piece[] | null>();
const MAX_PLANS = 64;

function planOf(css: string): Piece[] | null {
  let plan = plans.get(css);
  if (plan !== undefined) return plan;
  try {
    const root = postcss.parse(css);
    plan = [...piecesOf(root), { kind: 'text', text: root.raws.after ?? '' }];
    // A text the pieces cannot give back exactly is not pruned (nothing may differ from the file).
    if (written(plan, () => true) !== css) plan = null;
  } catch {
    plan = null;
  }
  if (plans.size >= MAX_PLANS) plans.clear();
  plans.set(css, plan);
  return plan;
}

function written(pieces: readonly Piece[], keep: (classes: readonly string[]) => boolean): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.kind === 'text') out += piece.text;
    else if (piece.kind === 'group') {
      const inner = written(piece.pieces, keep);
      if (inner) out += piece.open + inner + piece.close;
    } else {
      const kept = piece.selectors.filter((selector) => keep(selector.classes));
      if (kept.length === piece.selectors.length) out += piece.whole;
      else if (kept.length > 0) out += kept.map((selector) => selector.text).join(',') + piece.block;
    }
  }
  return out;
}

/** The classes used in a page's markup, and those a script sets before the page's stylesheets are whole. */
export function classesInPage(html: string): Set<string> {
  const classes = new Set<string>(SCRIPT_CLASSES);
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g))
    for (const name of (match[1] ?? match[2] ?? '').split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** The rules of `css` that the page with these classes needs; the text itself when nothing can go. */
export function criticalCss(css: string, pageClasses: ReadonlySet<string>): string {
  const plan = planOf(css);
  if (!plan) return css;
  return written(plan, (classes) => classes.every((name) => pageClasses.has(name)));
}
