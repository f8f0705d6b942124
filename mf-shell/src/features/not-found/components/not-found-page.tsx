import { Link, useTranslation } from '@agency/core';
import { useSiteConfig } from '../../../hooks/use-site-config';
import { useDocumentTitle } from '../hooks/use-document-title';
import './not-found.css';

/** Shown in #not-found when no micro-frontend owns the path. */
export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { name } = useSiteConfig();
  useDocumentTitle(t('notFound.documentTitle', { name }));
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <div className="container not-found__inner">
        <p className="not-found__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className="not-found__title">
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
