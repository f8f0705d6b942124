import { blogPage } from '@agency/core';

export type PageLinkKind = 'previous' | 'next' | 'page' | 'gap';

const ENTITIES: Record<string, string> = {
  amp: '&',
  laquo: '«',
  raquo: '»',
  lsaquo: '‹',
  rsaquo: '›',
  hellip: '…',
  nbsp: ' ',
};

/** Laravel's labels carry HTML entities ('&laquo; Previous'); they are decoded as text, never parsed as HTML. */
export function decodeLabel(label: string): string {
  return label
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .trim();
}

/**
 * What a server pagination link is, from its label: Laravel writes '&laquo; Previous', 'Next &raquo;' (or the
 * untranslated keys 'pagination.previous' / 'pagination.next'), page numbers and '...'.
 */
export function linkKind(label: string): PageLinkKind {
  const text = decodeLabel(label);
  if (/^\d+$/.test(text)) return 'page';
  if (/previous|[«‹]/i.test(text)) return 'previous';
  if (/next|[»›]/i.test(text)) return 'next';
  return 'gap';
}

/** A page number from `?page=`: a positive integer, else page 1. */
export function parsePage(value: string | null | undefined): number {
  return blogPage(value);
}

/**
 * The blog address that follows a server link: its `page` becomes `/blog?page=N` (with the search, `q`, when
 * there is one), where the list asks the API again with the reader's language and per_page=9.
 */
export function blogPathForLink(url: string, q?: string): string {
  const page = parsePage(new URL(url, 'http://localhost').searchParams.get('page'));
  return blogPath(page, q);
}

/** The blog's address for a page of the list or of a search's results. */
export function blogPath(page: number, q?: string): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}
