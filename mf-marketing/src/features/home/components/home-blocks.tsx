import { Link, useTranslation } from '@agency/core';
import { useId } from 'react';
import { Section } from '../../../components/section';
import { Pricing } from '../../pricing/components/pricing-tabs';

/** The about block: who we are, and the spec's three figures. */
export function AboutBlock() {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const stats = [
    { value: '95%', label: t('home.about.satisfaction') },
    { value: '+1000', label: t('home.about.customers') },
    { value: '+500', label: t('home.about.projects') },
  ];
  return (
    <section className="mk-section" aria-labelledby={titleId}>
      <div className="container about-block">
        <div>
          <h2 id={titleId} className="about-block__title">
            {t('home.about.title')}
          </h2>
          <p className="about-block__text">{t('home.about.text')}</p>
          <Link to="/about" className="button button--secondary">
            {t('home.about.more')}
          </Link>
        </div>
        <dl className="stats">
          {stats.map(({ value, label }) => (
            <div key={label} className="stats__item">
              <dt className="stats__label">{label}</dt>
              <dd className="stats__value" dir="ltr">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

const REASONS = ['team', 'results', 'bilingual', 'support'] as const;

/** Why choose us: four reasons. */
export function WhyUs() {
  const { t } = useTranslation('marketing');
  return (
    <Section title={t('home.why.title')} alt>
      <ul className="reasons">
        {REASONS.map((reason, index) => (
          <li key={reason} className="reasons__item">
            <span className="reasons__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="reasons__title">{t(`home.why.${reason}.title`)}</h3>
            <p className="reasons__text">{t(`home.why.${reason}.text`)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The teaser's two Design projects (spec section 3): a picture and a label (`portfolio.items.{id}`) each. */
export const TEASER_PROJECTS = [
  { id: 1, image: '/mf/mf-marketing/images/portfolio/design-1.svg' },
  { id: 2, image: '/mf/mf-marketing/images/portfolio/design-2.svg' },
] as const;

/** The portfolio teaser: the Design category, a next button to the portfolio, cards leading to it. */
export function PortfolioTeaser() {
  const { t } = useTranslation('marketing');
  return (
    <Section title={t('home.portfolio.title')}>
      <div className="portfolio-teaser__bar">
        <Link to="/portfolio" className="mk-tab" aria-current="true">
          {t('portfolio.categories.design')}
        </Link>
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
        {TEASER_PROJECTS.map((item) => (
          <li key={item.id}>
            <Link to="/portfolio" className="portfolio-card">
              <img src={item.image} alt="" width={640} height={420} loading="lazy" />
              <span className="portfolio-card__label">{t(`portfolio.items.${item.id}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The pricing teaser: the first three categories as tabs, and a link to every plan. */
export function PricingTeaser() {
  const { t } = useTranslation('marketing');
  return (
    <Section title={t('pricing.teaserTitle')} lead={t('pricing.teaserLead')} alt>
      <Pricing limit={3} />
      <p className="mk-section__more">
        <Link to="/pricing" className="button button--primary">
          {t('pricing.showAll')}
        </Link>
      </p>
    </Section>
  );
}
