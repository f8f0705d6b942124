// The contact form's checks (validateContact, with libphonenumber's metadata) are `@agency/core/validate-contact`:
// the form loads them when the visitor starts on it, so the page does not carry them.
export {
  CONTACT_FIELD_ORDER,
  CONTACT_LIMITS,
  CONTENT_KEY,
  type ContactErrorKey,
  type ContactInput,
  isPlanKey,
  PLAN_KEY_MAX,
} from './contact';
export {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  LIST_KINDS,
  OWN_IMAGE_PATH,
} from './content';
export { EMAIL_MAX, type EmailErrorKey, emailProblem } from './email';
// The full country table is `@agency/core/countries`, loaded when the visitor starts on the form.
export {
  DEFAULT_PHONE_REGION,
  FEATURED_CALLING_CODES,
  FEATURED_REGIONS,
  localeRegion,
} from './featured-countries';
// The stored images' widths and URLs are `@agency/core/images`: only the pages that show images bundle them.
export {
  type ImageErrorKey,
  imageProblem,
  MAX_IMAGE_BYTES,
  STORAGE_ERROR_KEYS,
  type StorageErrorKey,
} from './image';
export {
  MEDIA_ALT_MAX,
  MEDIA_PER_PAGE,
  type MediaAltErrorKey,
  type MediaItem,
  type MediaUse,
  type MediaUseKind,
  type MediaUseRole,
  mediaAltProblem,
  mediaSize,
} from './media';
export { formatInteger, formatPublishedDate, formatPublishedDateTime, localDigits } from './numbers';
export {
  instantOfLocal,
  isBlankHtml,
  isValidDate,
  localDateTimeValue,
  nowInputValue,
  POST_STATES,
  type PostErrorKey,
  type PostField,
  type PostInput,
  type PostState,
  postStateOf,
  validatePost,
} from './post';
export { countWords, readingTime, WORDS_PER_MINUTE } from './reading';
export {
  type HighlightRange,
  highlightRanges,
  normalizeSearchText,
  SEARCH_MAX_LENGTH,
  SEARCH_NORMALIZATION_CASES,
  type SearchErrorKey,
  searchExcerpt,
  searchQueryProblem,
  searchTerms,
} from './search';
export { MAX_SLUG_LENGTH, slugify, slugProblem } from './slug';
export { truncate } from './text';
