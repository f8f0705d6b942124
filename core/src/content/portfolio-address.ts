/**
 * The portfolio page's address parameters, read alike by the page, the server's renderer and the page address
 * every page computes (ssr/page-data.ts): kept apart from the kind's definition, so that the pages carry only
 * these few lines.
 */

/** The portfolio's categories (a project's `category`), in the order the page lists them. Names: i18n. */
export const PORTFOLIO_CATEGORIES = ['design', 'web', 'branding', 'motion'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

/** The page number in `?page=`, read as the blog's (`02` is 2; anything but a whole number from 1 is 1). */
export { blogPage as portfolioPage } from '../page-constants';

/** The category in `?category=`: one of PORTFOLIO_CATEGORIES, anything else none (every project). */
export function portfolioCategory(raw: string | null | undefined): PortfolioCategory | null {
  return (PORTFOLIO_CATEGORIES as readonly string[]).includes(raw ?? '') ? (raw as PortfolioCategory) : null;
}
