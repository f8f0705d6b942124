import { useTranslation } from '@agency/core';
import { useEffect, useState } from 'react';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { PORTFOLIO, PORTFOLIO_CATEGORIES, type PortfolioCategory } from '../lib/portfolio';

/** How long the spinner shows when the category changes (spec). */
export const CATEGORY_SPINNER_MS = 500;

/**
 * /portfolio: category links, the category's projects (each opens its files on an external share in a new
 * tab) and a next button to the following category. Changing category shows a 500 ms spinner.
 */
export function PortfolioPage() {
  const { t } = useTranslation('marketing');
  const [category, setCategory] = useState<PortfolioCategory>(PORTFOLIO_CATEGORIES[0]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!loading) return;
    const timer = window.setTimeout(() => setLoading(false), CATEGORY_SPINNER_MS);
    return () => window.clearTimeout(timer);
  }, [loading]);

  function choose(next: PortfolioCategory) {
    setCategory(next);
    setLoading(true);
  }

  const index = PORTFOLIO_CATEGORIES.indexOf(category);
  const next = PORTFOLIO_CATEGORIES[(index + 1) % PORTFOLIO_CATEGORIES.length] as PortfolioCategory;
  return (
    <>
      <PageHero page="portfolio" />
      <Section title={t(`portfolio.categories.${category}`)} hiddenTitle>
        <div className="portfolio__bar">
          <nav aria-label={t('portfolio.categoriesLabel')}>
            {PORTFOLIO_CATEGORIES.map((name) => (
              <a
                key={name}
                href={`#${name}`}
                className="mk-tab"
                aria-current={name === category ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  choose(name);
                }}
              >
                {t(`portfolio.categories.${name}`)}
              </a>
            ))}
          </nav>
          <button type="button" className="button button--secondary" onClick={() => choose(next)}>
            {t('portfolio.next')}
          </button>
        </div>
        {loading ? (
          <Spinner label={t('portfolio.loading')} />
        ) : (
          <ul className="portfolio-grid">
            {PORTFOLIO[category].map((item) => (
              <li key={item.id}>
                <a className="portfolio-card" href={item.link} target="_blank" rel="noopener noreferrer">
                  <img src={item.image} alt="" width={640} height={420} loading="lazy" />
                  <span className="portfolio-card__label">
                    {t(`portfolio.items.${item.id}`)}
                    <span className="visually-hidden"> ({t('portfolio.open')})</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
