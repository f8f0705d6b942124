import { Link, useTranslation } from '@agency/core';
import type { HomeTexts, PortfolioCard } from '@agency/core/content';
import { useId } from 'react';
import { Section } from '../../../components/section';
import { Pricing } from '../../pricing/components/pricing-part';

/** The about block: who we are, and three figures (the agency's texts). */
export function AboutBlock({ texts }: { texts: HomeTexts }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  return (
    <section className="mk-section" aria-labelledby={titleId}>
      <div className="container about-block">
        <div>
          <h2 id={titleId} className="about-block__title">
            {texts.about_title}
          </h2>
          <p className="about-block__text">{texts.about_text}</p>
          <Link to="/about" className="button button--secondary">
            {t('home.about.more')}
          </Link>
        </div>
        <dl className="stats">
          {FIGURES.map((n) => (
            <div key={n} className="stats__item">
              <dt className="stats__label">{texts[`stat_${n}_label`]}</dt>
              <dd className="stats__value" dir="ltr">
                {texts[`stat_${n}_value`]}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const REASONS = [1, 2, 3, 4] as const;
const FIGURES = [1, 2, 3] as const;

/** Why choose us: four reasons. */
export function WhyUs({ texts }: { texts: HomeTexts }) {
  return (
    <Section title={texts.why_title} alt>
      <ul className="reasons">
        {REASONS.map((reason) => (
          <li key={reason} className="reasons__item">
            <span className="reasons__number" aria-hidden="true">
              {String(reason).padStart(2, '0')}
            </span>
            <h3 className="reasons__title">{texts[`reason_${reason}_title`]}</h3>
            <p className="reasons__text">{texts[`reason_${reason}_text`]}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * The portfolio teaser: the first visible projects of the portfolio (they come with GET /api/home), each card
 * leading to its project's page, a link to each of their categories and a next button to the portfolio. With
 * no visible project (or an answer kept from before projects came with it) the block is left out.
 */
export function PortfolioTeaser({ title, projects }: { title: string; projects?: PortfolioCard[] }) {
  const { t } = useTranslation('marketing');
  if (!projects?.length) return null;
  return (
    <Section title={title}>
      <div className="portfolio-teaser__bar">
        {[...new Set(projects.map((project) => project.category))].map((key) => (
          <Link key={key} to={`/portfolio?category=${key}`} className="mk-tab">
            {t(`portfolio.categories.${key}`)}
          </Link>
        ))}
        {/* Its name says where it goes (WCAG 2.4.4) and starts with the word it shows (2.5.3). */}
        <Link
          to="/portfolio"
          className="button button--secondary"
          aria-label={t('portfolio.nextToPortfolio')}
        >
          {t('portfolio.next')}
        </Link>
      </div>
      <ul className="portfolio-grid">
        {projects.map((project) => (
          <li key={project.id}>
            <Link to={`/portfolio/${encodeURIComponent(project.slug)}`} className="portfolio-card">
              {/* A card is at most 36rem wide: the 800 px width the server makes of the cover. */}
              <img
                src={project.cover_image.replace(/\.webp$/, '-800w.webp')}
                alt={project.cover_alt}
                width={1200}
                height={675}
                loading="lazy"
              />
              <span className="portfolio-card__label">{project.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The pricing teaser: the first three categories as tabs, and a link to every plan. */
export function PricingTeaser({ title, lead }: { title: string; lead: string }) {
  const { t } = useTranslation('marketing');
  return (
    <Section title={title} lead={lead} alt>
      <Pricing limit={3} />
      <p className="mk-section__more">
        <Link to="/pricing" className="button button--primary">
          {t('pricing.showAll')}
        </Link>
      </p>
    </Section>
  );
}

/** The closing call to action: a title, a line and the way to the contact page. */
export function ClosingCta({ texts }: { texts: HomeTexts }) {
  return (
    <section className="mk-section closing-cta">
      <div className="container closing-cta__inner">
        <h2 className="closing-cta__title">{texts.cta_title}</h2>
        <p className="closing-cta__text">{texts.cta_text}</p>
        <Link to="/contact" className="button button--primary">
          {texts.cta_button}
        </Link>
      </div>
    </section>
  );
}
