import type { Language } from '../i18n/constants';
import { type ContentMeta, defineKind } from './kind';

/**
 * An FAQ item: one question and its answer in one language, in one category (a tab on the services page).
 * Its translation is the same question in the other language.
 */
export const FAQ_KIND = defineKind({
  name: 'faq',
  fields: {
    /** The key of the category (tab) it is listed under; shared with its translation. */
    category: { type: 'choice', required: true },
    question: { type: 'text', required: true, maxLength: 300, translated: true },
    /** Sanitised HTML (the rich-text editor's). */
    answer: { type: 'rich_text', required: true, maxLength: 10_000, translated: true },
    /** Hidden: kept and editable, but left out of the public page. */
    hidden: { type: 'boolean' },
  },
});

export type FaqField = keyof typeof FAQ_KIND.fields;

/** The values an editor sends (POST; PUT adds `version`). */
export interface FaqItemInput {
  category: string;
  question: string;
  answer: string;
  hidden: boolean;
}

/** An FAQ item as an editor's read gives it, and a change (with `version`) takes back. */
export interface FaqItem extends ContentMeta, FaqItemInput {}

/** A category in one language. */
export interface FaqCategory {
  key: string;
  name: string;
}

/** The public read (`GET /api/faq?language=`): visible items only, by category, in order. */
export interface PublicFaq {
  language: Language;
  categories: { key: string; name: string; items: { id: number; question: string; answer: string }[] }[];
}
