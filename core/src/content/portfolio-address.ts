/**
 * The portfolio page's address parameters, read alike by the page, the server's renderer and the page address
 * every page computes (ssr/page-data.ts): without imports, so that core's index stays as small as it was.
 */

/** The portfolio's categories (a project's `category`), in the order the page lists them. Names: i18n. */
export const PORTFOLIO_CATEGORIES = ['design', 'web', 'branding', 'motion'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** The page number in `?page=`: a whole number from 1, anything else 1. */
export function portfolioPage(raw: string | null | undefined): number {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return 1;
  return Number(raw);
}

/** The category in `?category=`: one of PORTFOLIO_CATEGORIES, anything else none (every project). */
export function portfolioCategory(raw: string | null | undefined): PortfolioCategory | null {
  return (PORTFOLIO_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as PortfolioCategory) : null;
}
