import { BrowserRouter, Route, Routes } from '@agency/core';
import { PageHero } from '../components/page-hero';
import { ContactSection } from '../features/contact/components/contact-section';
import { ServicesPage } from '../features/services/components/services-page';
import './marketing.css';

export function App() {
  return (
    <div data-mfe="@agency/mf-marketing">
      <BrowserRouter>
        <Routes>
          <Route path="/" element={<PageHero page="home" />} />
          <Route path="/about" element={<PageHero page="about" />} />
          <Route
            path="/pricing"
            element={
              <>
                <PageHero page="pricing" />
                <ContactSection />
              </>
            }
          />
          <Route path="/services" element={<ServicesPage />} />
          <Route path="/services/:serviceType" element={<PageHero page="serviceDetail" />} />
          <Route path="/portfolio" element={<PageHero page="portfolio" />} />
          <Route
            path="/contact"
            element={
              <>
                <PageHero page="contact" />
                <ContactSection />
              </>
            }
          />
        </Routes>
      </BrowserRouter>
    </div>
  );
}
