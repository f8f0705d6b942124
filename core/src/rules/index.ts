export {
  CONTACT_LIMITS,
  COUNTRY_CODES,
  type ContactErrorKey,
  type ContactInput,
  DEFAULT_COUNTRY_CODE,
  validateContact,
} from './contact';
export {
  CONTENT_ATTRIBUTES,
  CONTENT_TAGS,
  isAllowedImageSource,
  isAllowedLink,
  LIST_KINDS,
  OWN_IMAGE_PATH,
} from './content';
// The stored images' widths and URLs are `@agency/core/images`: only the pages that show images bundle them.
export {
  type ImageErrorKey,
  imageProblem,
  MAX_IMAGE_BYTES,
  STORAGE_ERROR_KEYS,
  type StorageErrorKey,
} from './image';
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
export { MAX_SLUG_LENGTH, slugify, slugProblem } from './slug';
export { truncate } from './text';
