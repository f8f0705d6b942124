export { ApiError, messageFromBody } from './api-client/api-error';
export { type ApiRequest, apiFetch, apiUrl } from './api-client/api-fetch';
export { portfolioCategory, portfolioPage } from './content/portfolio-address';
export { useApiRead } from './hooks/use-api-read';
export { type AsyncResult, type AsyncState, useAsync } from './hooks/use-async';
export { useDocumentMeta, useSiteConfig, useSiteName } from './hooks/use-document-meta';
export { useHydrating } from './hooks/use-hydrating';
export {
  applyDocumentLanguage,
  currentLanguage,
  detectLanguage,
  directionOf,
  FALLBACK_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  normalizeLanguage,
  offerPageInLanguages,
  pageInLanguage,
  RTL_BODY_CLASS,
  startLanguage,
  switchLanguage,
} from './i18n/language';
export { I18nextProvider, initReactI18next, useLanguage, useTranslation } from './i18n/react';
export { NAMESPACES, type Namespace } from './i18n/setup';
export { mailtoHref, telHref } from './mailto';
export { type ReactPart, reactLifecycles } from './mfe/lifecycles';
export { NotFoundView } from './mfe/not-found';
export { SiteRouter } from './mfe/site-router';
export { blogPage, POSTS_PER_PAGE, TEASER_REQUEST_SIZE } from './page-constants';
export {
  announceUpdate,
  onUpdateAvailable,
  type UpdateAvailableDetail,
} from './pwa';
export * from './router';
export {
  isAppActive,
  matchPattern,
  matchRoute,
  ROUTES,
  type RouteApp,
  type RouteDef,
} from './routes';
// The rules several public pages use. The others are `@agency/core/rules`, bundled into the one page that
// needs them: the editor's (posts, slugs, images, the manager's dates) into the admin app, the contact form's
// into the contact page, the allowed post markup into the blog's post page. Core is one shared module, so
// whatever its index exports every page downloads.
// Each from its own file, not the rules' index: the shared module would carry whatever the index's modules do
// at load (the contact form's country table). Dates are written by core/rules' numbers.ts too, bundled only
// into the pages that show one.
export { formatInteger } from './rules/numbers';
export { truncate } from './rules/text';
export { forgetServices, type ServicesState, useServices } from './services/services';
export { readMeta, SITE_CONFIG_ELEMENT_ID, setMeta } from './site-config';
export type { PageData } from './ssr/page-data';
export {
  type PageHead,
  type ReadAnswer,
  type ServerRender,
  ServerRenderContext,
  useServerRender,
} from './ssr/server-render';
export * from './toast';
export type * from './types';
