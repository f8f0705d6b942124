import { useDocumentMeta, useSiteName } from '../hooks/use-document-meta';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';

type ShellT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The site's 404 page: the shell shows it for a path no micro-frontend owns, and a micro-frontend shows it for
 * a path it owns whose content does not exist (an unknown service). Its texts are the shell's (`notFound`),
 * which every page has loaded, and its styles are the shell's (`.not-found`).
 */
export function NotFoundView() {
  // The shell's namespace, whatever namespaces the calling micro-frontend types its own translations with.
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(null, 'shell' as never) as unknown as ShellT;
  useDocumentMeta(t('notFound.documentTitle', { name: useSiteName() }));
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
