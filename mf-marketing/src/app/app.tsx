import { BrowserRouter, Route, Routes, useTranslation } from '@agency/core';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../components/spinner';
import './marketing.css';

/** Each page is its own chunk: a visitor's first page downloads only its own code. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

const HomePage = page(() => import('../features/home/components/home-page'), 'HomePage');
const AboutPage = page(() => import('../features/about/components/about-page'), 'AboutPage');
const PortfolioPage = page(() => import('../features/portfolio/components/portfolio-page'), 'PortfolioPage');
const ServicesPage = page(() => import('../features/services/components/services-page'), 'ServicesPage');
const ContactPage = page(() => import('../pages/contact-page'), 'ContactPage');
const PricingPage = page(() => import('../pages/pricing-page'), 'PricingPage');
const ServiceDetailPage = page(
  () => import('../features/service-detail/components/service-detail-page'),
  'ServiceDetailPage',
);

function Loading({ children }: { children: ReactNode }) {
  const { t } = useTranslation('marketing');
  return <Suspense fallback={<Spinner label={t('loadingPage')} />}>{children}</Suspense>;
}

export function App() {
  return (
    <div data-mfe="@agency/mf-marketing">
      <BrowserRouter>
        <Loading>
          <Routes>
            <Route path="/" element={<HomePage />} />
            <Route path="/about" element={<AboutPage />} />
            <Route path="/pricing" element={<PricingPage />} />
            <Route path="/services" element={<ServicesPage />} />
            <Route path="/services/:serviceType" element={<ServiceDetailPage />} />
            <Route path="/portfolio" element={<PortfolioPage />} />
            <Route path="/contact" element={<ContactPage />} />
          </Routes>
        </Loading>
      </BrowserRouter>
    </div>
  );
}
