import { Link, useTranslation } from '@agency/core';
import type { ReactNode } from 'react';
import { PageHero } from '../../../components/page-hero';
import { BlogTeaser } from './blog-teaser';
import { ClientLogos } from './client-logos';
import { AboutBlock, PortfolioTeaser, PricingTeaser, WhyUs } from './home-blocks';
import { ServicesPreview } from './services-preview';

/**
 * A hero button's picture, drawn in the button's text colour (currentColor): in forced colours it takes the
 * link colour the system gives the button, where a picture file keeps its own colours and can vanish (white
 * on a white canvas).
 */
function HeroIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="hero-button__icon"
      viewBox="0 0 48 48"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

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
            <HeroIcon>
              <path d="M8 26V10h16l16 16-16 16z" />
              <circle cx="17" cy="18" r="3" />
            </HeroIcon>
            <span>{t('home.hero.pricing')}</span>
          </Link>
          <Link to="/about" className="hero-button">
            <HeroIcon>
              <circle cx="18" cy="17" r="7" />
              <path d="M6 40c0-7 5-12 12-12s12 5 12 12" />
              <circle cx="34" cy="19" r="5" />
              <path d="M32 28c6 0 10 4 10 10" />
            </HeroIcon>
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
