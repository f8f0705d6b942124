import type { Language } from '../i18n/constants';
import { PLAN_KEY_MAX } from '../rules/contact';
import { contentKeyProblem } from './categories';
import { type ContentMeta, defineKind } from './kind';

/** How a plan's price is asked: once, every month, per video (or package), or by a quote. */
export const PRICE_TYPES = ['one_time', 'monthly', 'per_video', 'quote_based'] as const;
export type PriceType = (typeof PRICE_TYPES)[number];

/** The currencies a price may be in (the site's prices are in pounds sterling). */
export const CURRENCIES = ['GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * A pricing plan: one tier of one pricing category (a service, as in /services/{key}) in one language. Its
 * translation is the same plan in the other language. A quote-based plan has no price.
 */
export const PRICING_KIND = defineKind({
  name: 'pricing',
  fields: {
    /** The key of the category (tab) it is listed under: a service key; shared with its translation. */
    category: { type: 'choice', required: true },
    /**
     * The stable key (`starter`): the contact form's `?plan=`; shared with its translation. Made from the name
     * when a new plan has none; a rename never changes it (a change that sends none keeps it).
     */
    key: { type: 'text', maxLength: PLAN_KEY_MAX, check: (key) => contentKeyProblem(key, PLAN_KEY_MAX) },
    name: { type: 'text', required: true, maxLength: 80, translated: true },
    description: { type: 'text', required: true, maxLength: 300, translated: true },
    /** One of PRICE_TYPES, or empty: a price shown with no period. */
    type: { type: 'choice' },
    /** In whole units of the currency; none when quote-based. */
    price: { type: 'number', min: 0, max: 10_000_000 },
    currency: { type: 'choice', required: true },
    /** What the price covers when the type alone does not say (`for 5 videos`); shown after the price. */
    unit: { type: 'text', maxLength: 80, translated: true },
    /** One feature a line. */
    features: { type: 'lines', maxLength: 200, maxLines: 20, translated: true },
    /** Shown as the most popular plan of its category. */
    highlighted: { type: 'boolean' },
    /** Hidden: kept and editable, but left out of the public page (and the contact form's choice). */
    hidden: { type: 'boolean' },
  },
  check: (values) =>
    values.type !== 'quote_based' &&
    (values.price === undefined || values.price === null || values.price === '')
      ? { price: ['required'] }
      : {},
});

export type PricingField = keyof typeof PRICING_KIND.fields;

/** The values an editor sends (POST; PUT adds `version`). */
export interface PricingPlanInput {
  category: string;
  key: string;
  name: string;
  description: string;
  type: PriceType | '';
  /** null: quote-based. */
  price: number | null;
  currency: string;
  unit: string;
  features: string[];
  highlighted: boolean;
  hidden: boolean;
}

/** A plan as an editor's read gives it, and a change (with `version`) takes back. */
export interface PricingPlan extends ContentMeta, PricingPlanInput {}

/** A pricing category in one language. */
export interface PricingCategory {
  key: string;
  name: string;
}

/** A plan as the public page shows it. */
export interface PublicPlan {
  id: number;
  key: string;
  name: string;
  description: string;
  type: PriceType | '';
  /** null: quote-based. */
  price: number | null;
  currency: string;
  unit: string;
  features: string[];
  highlighted: boolean;
}

/** The public read (`GET /api/pricing?language=`): visible plans only, by category, in order. */
export interface PublicPricing {
  language: Language;
  categories: { key: string; name: string; plans: PublicPlan[] }[];
}
