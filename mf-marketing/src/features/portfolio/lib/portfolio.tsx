import type { PublicProject } from '@agency/core/content';

/** The portfolio's page. The projects come from the API (GET /api/portfolio), as the agency edits them. */
export const PORTFOLIO_PATH = '/portfolio';

/** The portfolio's address for a category (null: every project) and a page, as its links and the server read it. */
export function portfolioHref(category: string | null, page = 1): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const search = `${query}`;
  return search ? `${PORTFOLIO_PATH}?${search}` : PORTFOLIO_PATH;
}

/** A project's page. */
export const projectPath = (slug: string): string => `${PORTFOLIO_PATH}/${encodeURIComponent(slug)}`;

/** What an answer of the portfolio's reads holds at `data`; throws on anything else (the page says it failed). */
export function dataOf<T>(body: unknown): T {
  const data = (body as { data?: T } | null)?.data;
  if (!data || typeof data !== 'object') throw new Error('Unexpected answer');
  return data;
}

/** The project in an answer of GET /api/portfolio/{slug}. */
export const parseProject = (body: unknown) => dataOf<PublicProject>(body);

/**
 * A stored image (its URL from the API), 16:9 like the seed's pictures, with the widths the server makes for
 * `srcset` (`-480w.webp` …), so a phone downloads a phone-sized file.
 */
export function ProjectImage({
  src,
  alt,
  className,
  sizes,
  lazy = true,
}: {
  src: string;
  alt: string;
  className?: string;
  sizes: string;
  lazy?: boolean;
}) {
  const stored = /\/[0-9a-f]{32}\.webp$/.test(src);
  return (
    <img
      className={className}
      src={src}
      srcSet={
        stored
          ? [480, 800, 1200].map((w) => `${src.replace(/\.webp$/, `-${w}w.webp`)} ${w}w`).join(', ')
          : undefined
      }
      sizes={sizes}
      alt={alt}
      width={1200}
      height={675}
      loading={lazy ? 'lazy' : 'eager'}
    />
  );
}
