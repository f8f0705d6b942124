import { isLanguage, type Language, useParams, useSearchParams, useTranslation } from '@agency/core';
import { PORTFOLIO_CATEGORIES, PORTFOLIO_KIND, type PortfolioProject } from '@agency/core/content';
import { useMemo } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { contentApi } from '../../content/api/content-api';
import { ContentForm } from '../../content/components/content-form';
import { ContentList } from '../../content/components/content-list';

/** The portfolio's editor calls (the shared ones, for this kind). */
export const portfolioApi = contentApi<PortfolioProject>(PORTFOLIO_KIND);

export const PORTFOLIO_ADMIN_PATH = '/site/portfolio';

/** The one group of the list: a language's projects are one list, in the order of the public page. */
const ALL = 'all';

/** /site/portfolio: one language's projects, to reorder, hide, translate, edit or delete. */
export function PortfolioListScreen() {
  const { t } = useTranslation('admin');
  useScreenTitle(t('screens.portfolio.title'));
  return (
    <ContentList
      api={portfolioApi}
      groupOf={() => ALL}
      groups={[{ key: ALL, name: t('portfolio.listTitle') }]}
      titleOf={(project) => project.title}
      basePath={PORTFOLIO_ADMIN_PATH}
      idPrefix="portfolio"
      texts={{ title: t('screens.portfolio.title'), add: t('portfolio.add'), empty: t('portfolio.empty') }}
    />
  );
}

/** /site/portfolio/{id} and /site/portfolio/new?language=&translation_of=: one project. */
export function PortfolioProjectScreen() {
  const { t, i18n } = useTranslation('admin');
  const { id: rawId = '' } = useParams();
  const [params] = useSearchParams();
  const id = rawId === 'new' ? null : Number(rawId);
  const requested = params.get('language');
  const language: Language = isLanguage(requested)
    ? requested
    : isLanguage(i18n.language)
      ? i18n.language
      : 'en';
  const translationOf = Number(params.get('translation_of')) || null;
  useScreenTitle(id === null ? t('portfolio.newTitle') : t('portfolio.editTitle'));
  const initial = useMemo(() => ({ category: PORTFOLIO_CATEGORIES[0], gallery: [], hidden: false }), []);
  const fields = Object.keys(PORTFOLIO_KIND.fields) as (keyof typeof PORTFOLIO_KIND.fields)[];
  return (
    <ContentForm
      key={`${rawId}:${language}:${translationOf}`}
      kind={PORTFOLIO_KIND}
      api={portfolioApi}
      id={id !== null && Number.isSafeInteger(id) && id > 0 ? id : id === null ? null : -1}
      language={language}
      translationOf={translationOf}
      labels={Object.fromEntries(fields.map((name) => [name, t(`portfolio.fields.${name}`)]))}
      options={{
        category: PORTFOLIO_CATEGORIES.map((key) => ({
          value: key,
          label: t(`portfolio.categories.${key}`),
        })),
      }}
      initial={initial}
      basePath={PORTFOLIO_ADMIN_PATH}
      texts={{ newTitle: t('portfolio.newTitle'), editTitle: t('portfolio.editTitle') }}
    />
  );
}
