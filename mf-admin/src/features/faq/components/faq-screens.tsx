import { isLanguage, type Language, Link, useParams, useSearchParams, useTranslation } from '@agency/core';
import { FAQ_KIND, type FaqItem } from '@agency/core/content';
import { useEffect, useMemo, useState } from 'react';
import { useScreenTitle } from '../../../hooks/use-screen-title';
import { type ContentGroup, contentApi } from '../../content/api/content-api';
import { ContentForm } from '../../content/components/content-form';
import { ContentList } from '../../content/components/content-list';

/** The FAQ's editor calls (the shared ones, for this kind). */
export const faqApi = contentApi<FaqItem>(FAQ_KIND);

export const FAQ_PATH = '/site/faq';

/** /site/faq: the questions of one language by category, to reorder, hide, translate, edit or delete. */
export function FaqListScreen() {
  const { t } = useTranslation('admin');
  useScreenTitle(t('screens.faq.title'));
  return (
    <ContentList
      api={faqApi}
      groupOf={(item) => item.category}
      titleOf={(item) => item.question}
      basePath={FAQ_PATH}
      idPrefix="faq"
      texts={{ title: t('screens.faq.title'), add: t('faq.add'), empty: t('faq.empty') }}
    >
      <p>
        <Link className="admin-button admin-button--quiet" to={`${FAQ_PATH}/categories`}>
          {t('categories.open.faq')}
        </Link>
      </p>
    </ContentList>
  );
}

/** /site/faq/{id} and /site/faq/new?language=&translation_of=: one question and its answer. */
export function FaqItemScreen() {
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
  useScreenTitle(id === null ? t('faq.newTitle') : t('faq.editTitle'));

  // The categories named in the editor's language, for the category list.
  const [categories, setCategories] = useState<ContentGroup[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    faqApi
      .list(isLanguage(i18n.language) ? i18n.language : 'en', controller.signal)
      .then((data) => setCategories(data.categories ?? []))
      .catch(() => setCategories([]));
    return () => controller.abort();
  }, [i18n.language]);
  const initial = useMemo(
    () => ({ category: categories?.[0]?.key ?? '', question: '', answer: '', hidden: false }),
    [categories],
  );

  if (categories === null) return <p className="admin-checking container">{t('content.loading')}</p>;
  return (
    <ContentForm
      key={`${rawId}:${language}:${translationOf}`}
      kind={FAQ_KIND}
      api={faqApi}
      id={id !== null && Number.isSafeInteger(id) && id > 0 ? id : id === null ? null : -1}
      language={language}
      translationOf={translationOf}
      labels={{
        category: t('faq.fields.category'),
        question: t('faq.fields.question'),
        answer: t('faq.fields.answer'),
        hidden: t('faq.fields.hidden'),
      }}
      options={{ category: categories.map((c) => ({ value: c.key, label: c.name })) }}
      initial={initial}
      basePath={FAQ_PATH}
      texts={{ newTitle: t('faq.newTitle'), editTitle: t('faq.editTitle') }}
    />
  );
}
