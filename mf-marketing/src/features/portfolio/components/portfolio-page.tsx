import {
  Link,
  portfolioCategory,
  portfolioPage,
  useApiRead,
  useLanguage,
  useSearchParams,
  useTranslation,
} from '@agency/core';
import type { PublicPortfolio } from '@agency/core/content';
import { PageHero } from '../../../components/page-hero';
import { Section } from '../../../components/section';
import { Spinner } from '../../../components/spinner';

// Written here rather than shared with the project's page, so that /portfolio downloads no other chunk.

/** The list's address: a category (null: every project; keys need no escaping) and a page past the first. */
export function listHref(category: string | null, page = 1): string {
  const query = [category && `category=${category}`, page > 1 && `page=${page}`].filter(Boolean).join('&');
  return query ? `/portfolio?${query}` : '/portfolio';
}

function parseList(body: unknown): PublicPortfolio {
  const list = (body as { data?: PublicPortfolio } | null)?.data;
  // An answer of another shape (an old worker's copy, a proxy's page) is an error the page says, not a crash.
  if (!Array.isArray(list?.data) || !Array.isArray(list.categories)) throw new Error('Unexpected portfolio');
  return list;
}

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
  const state = useApiRead('/portfolio', { language, category, page }, parseList);
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
            <nav aria-label={t('portfolio.categoriesLabel')} className="portfolio__bar">
              {[null, ...state.data.categories].map((key) => (
                <Link
                  key={key ?? 'all'}
                  to={listHref(key)}
                  className="mk-tab"
                  aria-current={key === category ? 'true' : undefined}
                >
                  {key ? t(`portfolio.categories.${key}`) : t('portfolio.all')}
                </Link>
              ))}
            </nav>
            {state.data.data.length === 0 ? (
              <p className="mk-state">{t('portfolio.empty')}</p>
            ) : (
              <ul className="portfolio-grid">
                {state.data.data.map((project) => (
                  <li key={project.id}>
                    <Link className="portfolio-card" to={`/portfolio/${encodeURIComponent(project.slug)}`}>
                      {/* A card is at most 36rem wide: the 800 px width the server makes of the cover. */}
                      <img
                        src={project.cover_image.replace(/\.webp$/, '-800w.webp')}
                        alt={project.cover_alt}
                        width={1200}
                        height={675}
                        loading="lazy"
                      />
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
                  <Link className="button button--secondary" to={listHref(category, page - 1)}>
                    {t('portfolio.previous')}
                  </Link>
                )}
                {page < state.data.last_page && (
                  <Link className="button button--secondary" to={listHref(category, page + 1)}>
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
