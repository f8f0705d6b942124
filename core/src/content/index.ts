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
  validateContent,
} from './kind';
