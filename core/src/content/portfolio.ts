import type { Language } from '../i18n/constants';
import { type ContentMeta, defineKind, type GalleryImage } from './kind';

export {
  PORTFOLIO_CATEGORIES,
  type PortfolioCategory,
  portfolioCategory,
  portfolioPage,
} from './portfolio-address';

/** Projects on one page of the public list (`?page=`). */
export const PORTFOLIO_PER_PAGE = 6;

/** A gallery's most images. */
export const PORTFOLIO_GALLERY_MAX = 12;

/**
 * A portfolio project: one project in one language, at its own address (`/portfolio/{slug}`); its translation
 * is the same project in the other language, at its own slug. Category, link and order-independent facts are
 * shared with the translation when it is made (the form fills them in); words and alt texts are per language.
 */
export const PORTFOLIO_KIND = defineKind({
  name: 'portfolio',
  fields: {
    title: { type: 'text', required: true, maxLength: 200, translated: true },
    /** Its address: `/portfolio/{slug}`, unique across both languages (as a post's). */
    slug: { type: 'slug', required: true, translated: true },
    client: { type: 'text', required: true, maxLength: 200, translated: true },
    category: { type: 'choice', required: true },
    cover_image: { type: 'image', required: true },
    cover_alt: { type: 'text', required: true, maxLength: 300, translated: true },
    gallery: { type: 'gallery', maxItems: PORTFOLIO_GALLERY_MAX, translated: true },
    summary: { type: 'text', required: true, maxLength: 500, translated: true },
    /** Sanitised HTML (the rich-text editor's). */
    body: { type: 'rich_text', maxLength: 50_000, translated: true },
    /** The project's own site or files, https only; optional. */
    link: { type: 'url', maxLength: 2000 },
    /** For search engines and link previews; the title, summary and cover stand in when empty. */
    seo_title: { type: 'text', maxLength: 70, translated: true },
    seo_description: { type: 'text', maxLength: 160, translated: true },
    seo_image: { type: 'image' },
    /** Hidden: kept and editable, but left out of the public pages and the sitemap. */
    hidden: { type: 'boolean' },
  },
});

export type PortfolioField = keyof typeof PORTFOLIO_KIND.fields;

/** The values an editor sends (POST; PUT adds `version`). Image fields hold stored images' URLs. */
export interface PortfolioInput {
  title: string;
  slug: string;
  client: string;
  category: string;
  cover_image: string;
  cover_alt: string;
  gallery: GalleryImage[];
  summary: string;
  body: string;
  link: string;
  seo_title: string;
  seo_description: string;
  seo_image: string;
  hidden: boolean;
}

/** A project as an editor's read gives it, and a change (with `version`) takes back. */
export interface PortfolioProject extends ContentMeta, PortfolioInput {}

/** A project as a card of the public list shows it. */
export interface PortfolioCard {
  id: number;
  slug: string;
  language: Language;
  title: string;
  client: string;
  category: string;
  cover_image: string;
  cover_alt: string;
  summary: string;
}

/** The public list (`GET /api/portfolio?language=&category=&page=`): visible projects, in order. */
export interface PublicPortfolio {
  language: Language;
  /** The categories that have a visible project in this language, in the order of PORTFOLIO_CATEGORIES. */
  categories: string[];
  /** The category asked for, or null for every project. */
  category: string | null;
  data: PortfolioCard[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** One project as its public page shows it (`GET /api/portfolio/{slug}`). */
export interface PublicProject extends PortfolioCard {
  gallery: GalleryImage[];
  body: string;
  link: string | null;
  seo_title: string;
  seo_description: string;
  seo_image: string | null;
  updated_at: string;
  /** Its translations the public may see: their language and slug. */
  translations: { language: Language; slug: string }[];
}
