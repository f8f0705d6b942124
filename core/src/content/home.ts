import type { Language } from '../i18n/constants';
import { type ContentMeta, defineKind, type FieldDef } from './kind';
import type { PortfolioCard } from './portfolio';

const line = (maxLength: number): FieldDef => ({ type: 'text', required: true, maxLength, translated: true });
const paragraph = (maxLength: number): FieldDef => ({ ...line(maxLength), multiline: true });

/**
 * The home page's texts: one object per language (a single row each, not a list), edited on /site/home. The
 * words of the page's controls (the carousel's pause button, the services pager, loading and error messages)
 * are not content: they stay in marketing.json. The order here is the form's and the page's.
 */
export const HOME_KIND = defineKind({
  name: 'home',
  fields: {
    hero_title: line(120),
    hero_lead: paragraph(300),
    clients_title: line(120),
    about_title: line(120),
    about_text: paragraph(600),
    stat_1_value: line(12),
    stat_1_label: line(40),
    stat_2_value: line(12),
    stat_2_label: line(40),
    stat_3_value: line(12),
    stat_3_label: line(40),
    services_title: line(120),
    why_title: line(120),
    reason_1_title: line(80),
    reason_1_text: paragraph(300),
    reason_2_title: line(80),
    reason_2_text: paragraph(300),
    reason_3_title: line(80),
    reason_3_text: paragraph(300),
    reason_4_title: line(80),
    reason_4_text: paragraph(300),
    portfolio_title: line(120),
    pricing_title: line(120),
    pricing_lead: paragraph(300),
    blog_title: line(120),
    cta_title: line(120),
    cta_text: paragraph(300),
    cta_button: line(40),
  },
});

export type HomeField = keyof typeof HOME_KIND.fields;

/** The home page's texts in one language. */
export type HomeTexts = Record<HomeField, string>;

/** The texts as the editor reads them (GET /api/home/edit) and sends them back with `version` (PUT /api/home). */
export interface HomeTextsItem extends HomeTexts {
  language: Language;
  /** `updated_at` of the language's row: a stale one is answered 409 with the texts as they are now. */
  version: string;
}

/**
 * A client logo in the home page's carousel, in one language: the client's name is the image's alt text. Its
 * translation is the same logo in the other language (the image is shared, the name is written per language).
 */
export const CLIENT_LOGO_KIND = defineKind({
  name: 'client-logos',
  fields: {
    name: { type: 'text', required: true, maxLength: 120, translated: true },
    /** A stored image (uploaded: PNG, JPEG, WebP… re-encoded) or one of the seeded SVG files. */
    image: { type: 'image', required: true, siteImages: true },
    hidden: { type: 'boolean' },
  },
});

export interface ClientLogoInput {
  name: string;
  image: string;
  hidden: boolean;
}

export interface ClientLogo extends ContentMeta, ClientLogoInput {}

/** How many projects the home page's portfolio teaser shows: the first visible ones, one row of cards. */
export const HOME_PROJECTS = 2;

/**
 * The public read (`GET /api/home?language=`): the texts, the visible logos in order and the portfolio's first
 * HOME_PROJECTS visible projects in the language (none when no project is visible: the teaser is left out).
 */
export interface PublicHome {
  language: Language;
  texts: HomeTexts;
  logos: { id: number; name: string; image: string }[];
  projects: PortfolioCard[];
}
