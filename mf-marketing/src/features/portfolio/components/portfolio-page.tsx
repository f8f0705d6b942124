import { Link, useApiRead, useLanguage, useSearchParams, useTranslation } from '@agency/core';
import { portfolioCategory, portfolioPage } from '@agency/core/content';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';
import { parsePortfolio, portfolioHref, projectPath } from '../lib/portfolio';
import { ProjectImage } from './project-image';

const CARD_SIZES = '(max-width: 700px) 100vw, 36rem';

/**
 * /portfolio: the projects as the agency edits them (GET /api/portfolio, rendered on the server with the page),
 * six a page. The category and the page are in the address (`?category=web&page=2`), and every control is a
 * link, so filtering and paging work without scripts and a shared link shows the same list. Each card opens
 * the project's own page.
 */
export function PortfolioPage() {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const [params] = useSearchParams();
  const category = portfolioCategory(params.get('category'));
  const page = portfolioPage(params.get('page'));
  // The same read as the server's (core's portfolioListUrl), so the first render uses the page's answer.
  const state = useApiRead('/portfolio', { language, category, page }, parsePortfolio);
  return (
    <>
      <PageHero page="portfolio" />
      <Section title={category ? t(`portfolio.categories.${category}`) : t('portfolio.all')} hiddenTitle>
        {state.status === 'loading' ? (
          <Spinner label={t('portfolio.loading')} />
        ) : state.status === 'error' ? (
          <div className="mk-state mk-state--error" role="alert">
            <p>{t('portfolio.error')}</p>
            <button type="button" className="button button--secondary" onClick={state.retry}>
              {t('errors.retry')}
            </button>
          </div>
        ) : (
          <>
            <div className="portfolio__bar">
              <nav aria-label={t('portfolio.categoriesLabel')} className="portfolio__categories">
                {[null, ...state.data.categories].map((key) => (
                  <Link
                    key={key ?? 'all'}
                    to={portfolioHref(key)}
                    className="mk-tab"
                    aria-current={key === category ? 'true' : undefined}
                  >
                    {key ? t(`portfolio.categories.${key}`) : t('portfolio.all')}
                  </Link>
                ))}
              </nav>
            </div>
            {state.data.data.length === 0 ? (
              <div className="mk-state">
                <p>{t('portfolio.empty')}</p>
                <Link to={portfolioHref(null)} className="button button--secondary">
                  {t('portfolio.seeAll')}
                </Link>
              </div>
            ) : (
              <ul className="portfolio-grid">
                {state.data.data.map((project) => (
                  <li key={project.id}>
                    <Link className="portfolio-card" to={projectPath(project.slug)}>
                      <ProjectImage src={project.cover_image} alt={project.cover_alt} sizes={CARD_SIZES} />
                      <span className="portfolio-card__label">{project.title}</span>
                      <span className="portfolio-card__client">{project.client}</span>
                      <span className="portfolio-card__summary">{project.summary}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            {state.data.last_page > 1 && (
              <nav className="portfolio__pages" aria-label={t('portfolio.pagesLabel')}>
                {page > 1 && (
                  <Link
                    className="button button--secondary"
                    to={portfolioHref(category, page - 1)}
                    rel="prev"
                  >
                    {t('portfolio.previous')}
                  </Link>
                )}
                <span className="portfolio__page-number">
                  {t('portfolio.pageOf', { page, pages: state.data.last_page })}
                </span>
                {page < state.data.last_page && (
                  <Link
                    className="button button--secondary"
                    to={portfolioHref(category, page + 1)}
                    rel="next"
                  >
                    {t('portfolio.next')}
                  </Link>
                )}
              </nav>
            )}
          </>
        )}
      </Section>
    </>
  );
}
