/**
 * The portfolio (spec section 3): category Design with two items, each an image and a link to the project's
 * files on an external file share. The agency replaces the links with its own shares.
 */
export interface PortfolioItem {
  id: number;
  image: string;
  link: string;
}

export const PORTFOLIO_CATEGORIES = ['design'] as const;
export type PortfolioCategory = (typeof PORTFOLIO_CATEGORIES)[number];

export const PORTFOLIO: Record<PortfolioCategory, PortfolioItem[]> = {
  design: [
    {
      id: 1,
      image: '/mf/mf-marketing/images/portfolio/design-1.svg',
      link: 'https://drive.google.com/drive/folders/agency-portfolio-brand-identity',
    },
    {
      id: 2,
      image: '/mf/mf-marketing/images/portfolio/design-2.svg',
      link: 'https://drive.google.com/drive/folders/agency-portfolio-packaging',
    },
  ],
};
