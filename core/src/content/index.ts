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
  CLIENT_LOGO_KIND,
  type ClientLogo,
  type ClientLogoInput,
  HOME_KIND,
  type HomeField,
  type HomeTexts,
  type HomeTextsItem,
  type PublicHome,
} from './home';
export {
  type ContentErrorKey,
  type ContentErrors,
  type ContentKind,
  type ContentMeta,
  defineKind,
  type FieldDef,
  type FieldType,
  hasErrors,
  isImageRef,
  validateContent,
} from './kind';
