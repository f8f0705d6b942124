import type { Language } from './i18n/language';

export type { Language };

export interface ServiceHeroSection {
  id: number;
  type: 'hero';
  data: { title: string; description: string };
}

export interface ServiceContentSection {
  id: number;
  type: 'content';
  data: { title: string; description: string; items: string[]; layout: 'left' | 'right' };
}

export type ServiceSection = ServiceHeroSection | ServiceContentSection;

/** A service in a list (`GET /api/services`), in one language: what a card, the footer and a form need. */
export interface ServiceSummary {
  id: number;
  /** Names the service for good: the contact form's choice and the inbox's. */
  key: string;
  /** Its page's address, `/services/{slug}`: an editor may change it (the old one answers 301). */
  slug: string;
  name: string;
  /** Short summary shown on cards (the spec truncates it to 250 characters). */
  description: string;
  image_path: string;
  /** What the image shows, in this language (empty: decorative). */
  image_alt?: string;
}

/** One service with its page's sections (`GET /api/services/{slug}`), in one language. */
export interface Service extends ServiceSummary {
  sections: ServiceSection[];
}

export type PostStatus = 'draft' | 'published';

export interface Post {
  id: number;
  slug: string;
  title: string;
  status: PostStatus;
  /** File name of the featured image (public pages build `/storage/poster_images/{file}`), or null. */
  poster_image: string | null;
  /** The same image as a URL, for the editor screens. */
  poster_image_url: string | null;
  description: string;
  published_at: string;
  language: Language;
  content: string;
  seo_title: string;
  seo_description: string;
  /**
   * The same story in the other language (docs/api.md). Every answer about one post carries it (the public's
   * leaves out a draft or a post dated in the future); in lists only an editor's does.
   */
  translations?: PostTranslation[];
  created_at?: string;
  updated_at?: string;
}

/** A post's translation as its answer lists it: enough to link to it and to say whether it is out. */
export interface PostTranslation {
  id: number;
  language: Language;
  slug: string;
  title: string;
  status: PostStatus;
}

/**
 * A post as lists carry it (`GET /api/posts`): a card needs no content, so lists leave it out. An editor's
 * list also says whose it is (`author_id`, null when nobody's).
 */
export type PostSummary = Omit<Post, 'content'> & {
  author_id?: number | null;
  /** Only in a search's results (`q`): plain text around the first match (never HTML). */
  excerpt?: string;
  /** Only in a search's results: the words searched by (a word matches when, normalised, it starts with one). */
  terms?: string[];
  /** Only in a search's results: where the words found are in the title and the excerpt ([start, end)). */
  marks?: { title: [number, number][]; excerpt: [number, number][] };
};

export interface PaginationLink {
  url: string | null;
  label: string;
  active: boolean;
}

/** Laravel's paginator shape, which the spec's clients read. */
export interface Paginated<T> {
  data: T[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
  links: PaginationLink[];
}

/** Contact details and social links, from the server's configuration. */
export interface SiteConfig {
  /** The agency's name, in the page's language (the site settings, `/site/settings`). */
  name: string;
  /** Its postal address in the page's language, lines separated by `\n`; empty: none shown. */
  address: string;
  email: string;
  phone: string;
  /** The contact form's first country when the visitor's browser names none (ISO 3166 alpha-2, `GB`). */
  defaultCountry: string;
  social: {
    facebook: string;
    x: string;
    instagram: string;
    tiktok: string;
    youtube: string;
  };
  /**
   * How many days contact messages are kept before they are erased (the server's CONTACT_RETENTION_DAYS): the
   * privacy notice states it, from the same setting that erases them.
   */
  contactRetentionDays: number;
}
