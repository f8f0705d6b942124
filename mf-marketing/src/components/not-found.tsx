import { Link, useDocumentMeta, useSiteName, useTranslation } from '@agency/core';

/**
 * The site's 404 page, for a path the route table accepts but whose content does not exist (an unknown
 * service). It reads the shell's texts, which every page has loaded, so it says exactly what the shell's own
 * 404 page says, and wears the shell's styles.
 */
export function NotFound() {
  const { t } = useTranslation('shell');
  useDocumentMeta(t('notFound.documentTitle', { name: useSiteName() }));
  return (
    <section className="not-found" aria-labelledby="mk-not-found-title">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="mk-not-found-title" className="not-found__title">
          {t('notFound.title')}
        </h1>
        <p className="not-found__text">{t('notFound.text')}</p>
        <Link to="/" className="button button--primary">
          {t('notFound.home')}
        </Link>
      </div>
    </section>
  );
}
