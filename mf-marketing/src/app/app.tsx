import { matchPattern, Route, Routes, SiteRouter, useTranslation } from '@agency/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../components/spinner';
import './marketing.css';

interface PageDef {
  /** Downloads the page's code; once it is here the page renders without suspending. */
  preload(): Promise<ComponentType>;
  loaded?: ComponentType;
  Lazy: ComponentType;
}

/**
 * Each page is its own chunk: a visitor's first page downloads only its own code. A page whose code is already
 * here renders at once (no Suspense fallback); this is what lets a page the server rendered hydrate in one go,
 * its code fetched before hydration starts (`preloadPage`).
 */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PageDef {
  let loading: Promise<ComponentType> | undefined;
  const def: PageDef = {
    preload() {
      loading ??= load().then((module) => {
        def.loaded = module[name];
        return module[name];
      });
      loading.catch(() => {
        loading = undefined; // offline: the next visit tries again
      });
      return loading;
    },
    Lazy: lazy(() => def.preload().then((component) => ({ default: component }))),
  };
  return def;
}

function PageView({ page }: { page: PageDef }) {
  const Page = page.loaded ?? page.Lazy;
  return <Page />;
}

const HomePage = page(() => import('../features/home/components/home-page'), 'HomePage');
const AboutPage = page(() => import('../features/about/components/about-page'), 'AboutPage');
const PortfolioPage = page(() => import('../features/portfolio/components/portfolio-page'), 'PortfolioPage');
const ProjectPage = page(() => import('../features/portfolio/components/project-page'), 'ProjectPage');
const ServicesPage = page(() => import('../features/services/components/services-page'), 'ServicesPage');
const ContactPage = page(() => import('../pages/contact-page'), 'ContactPage');
const PricingPage = page(() => import('../pages/pricing-page'), 'PricingPage');
const PrivacyPage = page(() => import('../features/legal/components/privacy-page'), 'PrivacyPage');
const TermsPage = page(() => import('../features/legal/components/terms-page'), 'TermsPage');
const ServiceDetailPage = page(
  () => import('../features/service-detail/components/service-detail-page'),
  'ServiceDetailPage',
);

/** The pages by path, as the route table in core has them. */
const PAGES: readonly (readonly [string, PageDef])[] = [
  ['/', HomePage],
  ['/about', AboutPage],
  ['/pricing', PricingPage],
  ['/services', ServicesPage],
  ['/services/:serviceType', ServiceDetailPage],
  ['/portfolio', PortfolioPage],
  ['/portfolio/:slug', ProjectPage],
  ['/contact', ContactPage],
  ['/privacy', PrivacyPage],
  ['/terms', TermsPage],
];

/** Downloads the code of the page at `pathname` (nothing for a path that is not one of these pages). */
export function preloadPage(pathname: string): Promise<unknown> {
  const found = PAGES.find(([pattern]) => matchPattern(pattern, pathname) !== null);
  return found ? found[1].preload() : Promise.resolve();
}

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation('marketing');
  return <Suspense fallback={<Spinner label={t('loadingPage')} />}>{children}</Suspense>;
}

export function App() {
  return (
    <div data-mfe="@agency/mf-marketing">
      <SiteRouter>
        <Loading>
          <Routes>
            {PAGES.map(([path, def]) => (
              <Route key={path} path={path} element={<PageView page={def} />} />
            ))}
          </Routes>
        </Loading>
      </SiteRouter>
    </div>
  );
}
