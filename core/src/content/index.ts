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
  GALLERY_ALT_MAX,
  type GalleryImage,
  hasErrors,
  isHttpsUrl,
  STORED_IMAGE_URL,
  validateContent,
} from './kind';
export {
  PORTFOLIO_CATEGORIES,
  PORTFOLIO_GALLERY_MAX,
  PORTFOLIO_KIND,
  PORTFOLIO_PER_PAGE,
  type PortfolioCard,
  type PortfolioCategory,
  type PortfolioField,
  type PortfolioInput,
  type PortfolioProject,
  type PublicPortfolio,
  type PublicProject,
  portfolioCategory,
  portfolioPage,
} from './portfolio';
