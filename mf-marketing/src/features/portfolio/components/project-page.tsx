import {
  ApiError,
  LANGUAGES,
  Link,
  NotFoundView,
  offerPageInLanguages,
  useApiRead,
  useDocumentMeta,
  useLanguage,
  useParams,
  useSiteName,
  useTranslation,
} from '@agency/core';
import type { PublicProject } from '@agency/core/content';
import { useEffect } from 'react';
import { Spinner } from '../../../components/spinner';
import { PORTFOLIO_PATH, ProjectImage, parseProject, portfolioHref, projectPath } from '../lib/portfolio';

/**
 * Tells the language switch where the project is in the other language: its translation's page, or the
 * portfolio in that language when it has none.
 */
function useProjectForLanguageSwitch(project: PublicProject | null) {
  const key = project
    ? `${project.language}|${project.translations.map((o) => `${o.language}:${o.slug}`)}`
    : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is what the project holds.
  useEffect(() => {
    if (!project) return;
    const urls = Object.fromEntries(
      LANGUAGES.filter((other) => other !== project.language).map((other) => {
        const translation = project.translations.find((one) => one.language === other);
        return [other, translation ? projectPath(translation.slug) : PORTFOLIO_PATH];
      }),
    );
    return offerPageInLanguages(window.location.pathname, urls);
  }, [key]);
}

/**
 * /portfolio/{slug}: one project (GET /api/portfolio/{slug}, rendered on the server with the page): its title,
 * client and category, cover, summary, the story (sanitised rich text), the gallery with each image's alt text,
 * and the link to the project. It is in its own language (a project and its translation have their own
 * addresses, like posts) and links its translation. Unknown or hidden: the 404 page.
 */
export function ProjectPage() {
  const { t } = useTranslation('marketing');
  const { slug = '' } = useParams();
  const language = useLanguage();
  const state = useApiRead(`/portfolio/${encodeURIComponent(slug)}`, { language }, parseProject);
  const project = state.status === 'success' ? state.data : null;
  useProjectForLanguageSwitch(project);

  if (state.status === 'loading') return <Spinner label={t('portfolio.loadingProject')} />;
  const offline =
    state.status === 'error' &&
    (state.error instanceof ApiError
      ? state.error.isNetworkError
      : typeof navigator !== 'undefined' && !navigator.onLine);
  if (offline) {
    return (
      <div className="container mk-state mk-state--error" role="alert">
        <p>{t('errors.offline')}</p>
        <button type="button" className="button button--secondary" onClick={state.retry}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (!project) return <NotFoundView />;
  return <ProjectArticle project={project} />;
}

function ProjectArticle({ project }: { project: PublicProject }) {
  const { t } = useTranslation('marketing');
  const site = useSiteName();
  useDocumentMeta(
    `${project.seo_title.trim() || project.title} | ${site}`,
    project.seo_description.trim() || project.summary,
  );
  // A project opened in the other language is shown in its own (its words marked so), around the page's words.
  const own =
    project.language === useLanguage()
      ? {}
      : { lang: project.language, dir: project.language === 'ar' ? 'rtl' : 'ltr' };
  return (
    <article className="project">
      <header className="project__header">
        <div className="container">
          <Link to={portfolioHref(null)} className="project__back">
            {t('portfolio.back')}
          </Link>
          <p className="project__eyebrow">
            <Link to={portfolioHref(project.category)}>{t(`portfolio.categories.${project.category}`)}</Link>
          </p>
          <h1 className="project__title" {...own}>
            {project.title}
          </h1>
          <p className="project__client">
            {t('portfolio.client')}: <span {...own}>{project.client}</span>
          </p>
          <p className="project__summary" {...own}>
            {project.summary}
          </p>
          <div className="project__actions">
            {project.link && (
              <a
                className="button button--primary"
                href={project.link}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('portfolio.visit')}
                <span className="visually-hidden"> ({t('portfolio.newTab')})</span>
              </a>
            )}
            {project.translations.map((translation) => (
              <Link
                key={translation.language}
                className="button button--secondary"
                to={projectPath(translation.slug)}
                hrefLang={translation.language}
              >
                {t(`portfolio.readIn.${translation.language}`)}
              </Link>
            ))}
          </div>
        </div>
      </header>
      <div className="container project__content">
        <ProjectImage
          className="project__cover"
          src={project.cover_image}
          alt={project.cover_alt}
          sizes="(max-width: 72rem) 100vw, 72rem"
          lazy={false}
        />
        {project.body && (
          <div
            className="project__body"
            {...own}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on write by the API (the posts' allow-list)
            dangerouslySetInnerHTML={{ __html: project.body }}
          />
        )}
        {project.gallery.length > 0 && (
          <section className="project__gallery" aria-label={t('portfolio.gallery')} {...own}>
            <ul>
              {project.gallery.map((image, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an image may be shown twice; the list never reorders
                <li key={i}>
                  <figure>
                    <ProjectImage src={image.image} alt={image.alt} sizes="(max-width: 700px) 100vw, 36rem" />
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </article>
  );
}
