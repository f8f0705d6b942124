// Editable content (`@agency/core/content`): kept out of core's index, which every page downloads.
export {
  FAQ_KIND,
  type FaqCategory,
  type FaqField,
  type FaqItem,
  type FaqItemInput,
  type PublicFaq,
} from './faq';
export {
  type ContentErrorKey,
  type ContentErrors,
  type ContentKind,
  type ContentMeta,
  defineKind,
  type FieldDef,
  type FieldType,
  hasErrors,
  linesOf,
  validateContent,
} from './kind';
export {
  CURRENCIES,
  type Currency,
  PLAN_KEYS,
  type PlanKey,
  PRICE_TYPES,
  PRICING_KIND,
  type PriceType,
  type PricingCategory,
  type PricingField,
  type PricingPlan,
  type PricingPlanInput,
  type PublicPlan,
  type PublicPricing,
} from './pricing';
