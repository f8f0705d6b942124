import { Link, useTranslation } from '@agency/core';
import { PageHero } from '../../../components/page-hero';
import { BlogTeaser } from './blog-teaser';
import { ClientLogos } from './client-logos';
import { AboutBlock, PortfolioTeaser, PricingTeaser, WhyUs } from './home-blocks';
import { ServicesPreview } from './services-preview';

/**
 * The home page (spec section 2): the hero with its two picture buttons and the client carousel, about and
 * figures, services, why us, portfolio, pricing and the newest posts, then a closing call to action.
 */
export function HomePage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero page="home">
        <div className="hero-buttons">
          <Link to="/pricing" className="hero-button hero-button--primary">
            <img src="/mf/mf-marketing/images/decor/pricing.svg" alt="" width={32} height={32} />
            <span>{t('home.hero.pricing')}</span>
          </Link>
          <Link to="/about" className="hero-button">
            <img src="/mf/mf-marketing/images/decor/about.svg" alt="" width={32} height={32} />
            <span>{t('home.hero.about')}</span>
          </Link>
        </div>
        <ClientLogos />
      </PageHero>
      <AboutBlock />
      <ServicesPreview />
      <WhyUs />
      <PortfolioTeaser />
      <PricingTeaser />
      <BlogTeaser />
      <section className="mk-section closing-cta">
        <div className="container closing-cta__inner">
          <h2 className="closing-cta__title">{t('home.cta.title')}</h2>
          <p className="closing-cta__text">{t('home.cta.text')}</p>
          <Link to="/contact" className="button button--primary">
            {t('home.cta.button')}
          </Link>
        </div>
      </section>
    </>
  );
}
