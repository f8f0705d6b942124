import { isLanguage, type Language, Link, useParams, useSearchParams, useTranslation } from '@agency/core';
import {
  CURRENCIES,
  PRICE_TYPES,
  PRICING_KIND,
  type PricingField,
  type PricingPlan,
} from '@agency/core/content';
import { useEffect, useMemo, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { type ContentGroup, contentApi } from '../../content/api/content-api';
import { ContentForm } from '../../content/components/content-form';
import { ContentList } from '../../content/components/content-list';

/** Pricing's editor calls (the shared ones, for this kind, at `/api/pricing/plans`). */
export const pricingApi = contentApi<PricingPlan>(PRICING_KIND, 'plans');

export const PRICING_PATH = '/site/pricing';

/** /site/pricing: the plans of one language by service, to reorder, hide, translate, edit or delete. */
export function PricingListScreen() {
  const { t } = useTranslation('admin');
  useScreenTitle(t('screens.pricing.title'));
  return (
    <ContentList
      api={pricingApi}
      groupOf={(plan) => plan.category}
      titleOf={(plan) => plan.name}
      basePath={PRICING_PATH}
      idPrefix="pricing"
      texts={{ title: t('screens.pricing.title'), add: t('pricing.add'), empty: t('pricing.empty') }}
    >
      <p>
        <Link className="admin-button admin-button--quiet" to={`${PRICING_PATH}/categories`}>
          {t('categories.open.pricing')}
        </Link>
      </p>
    </ContentList>
  );
}

/** /site/pricing/{id} and /site/pricing/new?language=&translation_of=: one plan. */
export function PricingPlanScreen() {
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
  useScreenTitle(id === null ? t('pricing.newTitle') : t('pricing.editTitle'));

  // The categories (services) named in the editor's language, for the service list.
  const [categories, setCategories] = useState<ContentGroup[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    pricingApi
      .list(isLanguage(i18n.language) ? i18n.language : 'en', controller.signal)
      .then((data) => setCategories(data.categories ?? []))
      .catch(() => setCategories([]));
    return () => controller.abort();
  }, [i18n.language]);
  const initial = useMemo(
    () => ({
      category: categories?.[0]?.key ?? '',
      key: '',
      name: '',
      description: '',
      type: 'one_time',
      price: null,
      currency: CURRENCIES[0],
      unit: '',
      features: [],
      highlighted: false,
      hidden: false,
    }),
    [categories],
  );

  if (categories === null) return <p className="admin-checking container">{t('content.loading')}</p>;
  const fields = PRICING_KIND.fields;
  return (
    <ContentForm
      key={`${rawId}:${language}:${translationOf}`}
      kind={PRICING_KIND}
      api={pricingApi}
      id={id !== null && Number.isSafeInteger(id) && id > 0 ? id : id === null ? null : -1}
      language={language}
      translationOf={translationOf}
      labels={Object.fromEntries(
        (Object.keys(fields) as PricingField[]).map((name) => [name, t(`pricing.fields.${name}`)]),
      )}
      options={{
        category: categories.map((c) => ({ value: c.key, label: c.name })),
        type: (['', ...PRICE_TYPES] as const).map((type) => ({
          value: type,
          label: t(`pricing.types.${type}`),
        })),
        currency: CURRENCIES.map((currency) => ({
          value: currency,
          label: t(`pricing.currencies.${currency}`),
        })),
      }}
      initial={initial}
      basePath={PRICING_PATH}
      texts={{ newTitle: t('pricing.newTitle'), editTitle: t('pricing.editTitle') }}
    />
  );
}
