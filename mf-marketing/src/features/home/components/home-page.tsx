import { Link, useApiRead, useLanguage, useTranslation } from '@agency/core';
import type { PublicHome } from '@agency/core/content';
import type { ReactNode } from 'react';
import { island } from '../../../components/island';
import { PageHero } from '../../../components/page-hero';
import { Spinner } from '../../../components/spinner';
import { AUTOPLAY_INTERVAL } from '../lib/carousel';
import { parseHome } from '../lib/home';

// Below the hero, each block is hydrated when it is needed, not with the page (docs/architecture.md, "Parts
// hydrated when needed"), and its code comes then: the carousel (react-slick) after its interval in view, the
// blocks with controls as they come near the screen, the blocks that only show text and links once they are
// used. Until then the server's markup reads and its links are links. The text blocks share one chunk.
// The carousel's first slide is the server's; react-slick is first needed when the slide changes, after the
// carousel's interval in view (or when the visitor uses it).
const Logos = island(() => import('./client-logos').then((m) => m.ClientLogos), {
  visibleFor: AUTOPLAY_INTERVAL,
});
const blocks = () => import('./home-blocks');
const About = island(() => blocks().then((m) => m.AboutBlock), 'interaction');
const Services = island(() => import('./services-preview').then((m) => m.ServicesPreview));
const Reasons = island(() => blocks().then((m) => m.WhyUs), 'interaction');
const Projects = island(() => blocks().then((m) => m.PortfolioTeaser), 'interaction');
const Plans = island(() => blocks().then((m) => m.PricingTeaser));
const Posts = island(() => import('./blog-teaser').then((m) => m.BlogTeaser));
const Closing = island(() => blocks().then((m) => m.ClosingCta), 'interaction');

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
 * figures, services, why us, the portfolio's first projects, pricing and the newest posts, then a closing call
 * to action. Its texts, logos and teaser projects are the agency's (GET /api/home, edited on /site/home,
 * /site/logos and /site/portfolio), rendered on the server with the page and hydrated from the answer that
 * came with it; the words of its controls are marketing.json's.
 */
export function HomePage() {
  const { t } = useTranslation('marketing');
  const state = useApiRead('/home', { language: useLanguage() }, parseHome);
  if (state.status === 'success') return <HomeContent home={state.data} />;
  return (
    <section className="page-hero" data-page="home">
      {state.status === 'loading' ? (
        <Spinner label={t('home.loading')} />
      ) : (
        <div className="mk-state mk-state--error" role="alert">
          <p>{t('home.error')}</p>
          <button type="button" className="button button--secondary" onClick={state.retry}>
            {t('errors.retry')}
          </button>
        </div>
      )}
    </section>
  );
}

function HomeContent({ home: { texts, logos, projects } }: { home: PublicHome }) {
  const { t } = useTranslation('marketing');
  return (
    <>
      <PageHero page="home" title={texts.hero_title} lead={texts.hero_lead}>
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
        <Logos title={texts.clients_title} logos={logos} />
      </PageHero>
      <About texts={texts} />
      <Services title={texts.services_title} />
      <Reasons texts={texts} />
      <Projects title={texts.portfolio_title} projects={projects} />
      <Plans title={texts.pricing_title} lead={texts.pricing_lead} />
      <Posts title={texts.blog_title} />
      <Closing texts={texts} />
    </>
  );
}
