import type { PublicPortfolio, PublicProject } from '@agency/core/content';

/**
 * The home page's teaser (spec section 3): the Design category's first two projects, an image and a label each,
 * leading to the portfolio. The portfolio itself comes from the API (GET /api/portfolio), as the agency edits it.
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

export const PORTFOLIO_PATH = '/portfolio';

/** The portfolio's address for a category (null: every project) and a page, as its links and the server read it. */
export function portfolioHref(category: string | null, page = 1): string {
  const query = new URLSearchParams();
  if (category) query.set('category', category);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return search ? `${PORTFOLIO_PATH}?${search}` : PORTFOLIO_PATH;
}

/** A project's page. */
export const projectPath = (slug: string): string => `${PORTFOLIO_PATH}/${encodeURIComponent(slug)}`;

/** The list in an answer of GET /api/portfolio (at `data`); throws on anything else. */
export function parsePortfolio(body: unknown): PublicPortfolio {
  const list = (body as { data?: PublicPortfolio } | null)?.data;
  if (!list || !Array.isArray(list.data) || !Array.isArray(list.categories))
    throw new Error('Unexpected portfolio');
  return list;
}

/** The project in an answer of GET /api/portfolio/{slug} (at `data`); throws on anything else. */
export function parseProject(body: unknown): PublicProject {
  const project = (body as { data?: PublicProject } | null)?.data;
  if (!project || typeof project.slug !== 'string' || !Array.isArray(project.gallery))
    throw new Error('Unexpected project');
  return project;
}
