import type { Language } from '@agency/core';
import { type ChangeObject, diffWords } from 'diff';
import type { Revision } from '../api/revisions';

/** A piece of a comparison: text both have, text only the newer has, text only the older had. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

const BLOCKS = new Set([
  'P',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'LI',
  'BLOCKQUOTE',
  'PRE',
  'DIV',
  'UL',
  'OL',
]);

/**
 * A post's content as its reader reads it: the text of its HTML, a blank line between paragraphs (headings and
 * list items included), a line break where the content has one, and an image as `[label: file]`.
 */
export function contentText(html: string, imageLabel: string): string {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html').body;
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (!(node instanceof Element)) return;
    if (node.tagName === 'BR') {
      text += '\n';
      return;
    }
    if (node.tagName === 'IMG') {
      const src = node.getAttribute('src') ?? '';
      text += ` [${imageLabel}: ${src.slice(src.lastIndexOf('/') + 1)}] `;
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) text += '\n\n';
    for (const child of node.childNodes) walk(child);
    if (block) text += '\n\n';
  };
  walk(body);
  return text
    .split(/\n{2,}/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/ {2,}/g, ' ').trim())
        .join('\n')
        .trim(),
    )
    .filter((paragraph) => paragraph !== '')
    .join('\n\n');
}

/** Words, as the language splits them (Arabic's too), where the browser can say; else the library's own rule. */
function segmenter(language: Language): Intl.Segmenter | undefined {
  return typeof Intl.Segmenter === 'function'
    ? new Intl.Segmenter(language, { granularity: 'word' })
    : undefined;
}

/** What changed from `before` to `after`, word by word. */
export function wordDiff(before: string, after: string, language: Language): DiffPart[] {
  const changes: ChangeObject<string>[] = diffWords(before, after, { intlSegmenter: segmenter(language) });
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** The fields a comparison shows besides the content, in the form's order. */
export const COMPARED_FIELDS = [
  'title',
  'slug',
  'description',
  'seo_title',
  'seo_description',
  'status',
  'published_at',
  'poster_image',
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number];

/** Texts compared word by word; the others (status, date, image) are shown as a value replaced by another. */
export const TEXT_FIELDS: ReadonlySet<ComparedField> = new Set([
  'title',
  'slug',
  'description',
  'seo_title',
  'seo_description',
]);

export interface Comparison {
  /** The fields whose values differ, in the form's order. */
  fields: { field: ComparedField; before: string; after: string }[];
  /** The content's text, word by word; null when it is the same. */
  content: DiffPart[] | null;
}

/**
 * What changed between two revisions: the fields that differ (`show` writes a status, a date, an image as the
 * editor reads them) and the content's text, word by word.
 */
export function compareRevisions(
  older: Revision,
  newer: Revision,
  language: Language,
  show: (field: ComparedField, value: Revision) => string,
  imageLabel: string,
): Comparison {
  const fields = COMPARED_FIELDS.map((field) => ({
    field,
    before: show(field, older),
    after: show(field, newer),
  })).filter(({ before, after }) => before !== after);
  const before = contentText(older.content, imageLabel);
  const after = contentText(newer.content, imageLabel);
  return { fields, content: before === after ? null : wordDiff(before, after, language) };
}
