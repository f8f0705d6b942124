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
export {
  type EditableSection,
  type EditableService,
  MAX_SECTION_ITEMS,
  MAX_SECTIONS,
  MAX_SERVICE_KEY_LENGTH,
  SECTION_LAYOUTS,
  SERVICE_ITEM_KIND,
  SERVICE_KIND,
  SERVICE_SECTION_KIND,
  type ServiceInput,
  serviceKeyProblem,
  validateService,
} from './services';
