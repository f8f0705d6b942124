import {
  ApiError,
  Link,
  NotFoundView,
  type ServiceContentSection,
  useLanguage,
  useLocation,
  useNavigate,
  useParams,
  useTranslation,
} from '@agency/core';
import { useEffect } from 'react';
import { PageHero } from '../../../components/page-hero';
import { Spinner } from '../../../components/spinner';
import { contactHref } from '../../contact/lib/contact-href';
import { servicePath } from '../../services/lib/service-path';
import { useService } from '../api/get-service';

/** The decorative picture beside a section: one for even section ids, another for odd ones (spec). */
export function sectionImage(id: number): string {
  return `/mf/mf-marketing/images/decor/section-${id % 2 === 0 ? 'even' : 'odd'}.svg`;
}

function ContentSection({ section }: { section: ServiceContentSection }) {
  const { title, description, items, layout } = section.data;
  return (
    <section className={`service-section service-section--${layout === 'right' ? 'right' : 'left'}`}>
      <div className="container service-section__inner">
        <div className="service-section__text">
          <h2 className="service-section__title">{title}</h2>
          <p className="service-section__description">{description}</p>
          {items.length > 0 && (
            <ul className="service-section__items">
              {items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
        <img
          className="service-section__image"
          src={sectionImage(section.id)}
          alt=""
          width={480}
          height={360}
          loading="lazy"
        />
      </div>
    </section>
  );
}

/**
 * A service read at an address it had before (the server sent the read on to its current one): the bar shows
 * the current address, with the same query, in place of the old one in the history, as the blog's post page
 * does for a renamed post (kept in this page's own chunk, not in core, which every page loads).
 */
function useCurrentAddress(slug: string, current: string | undefined) {
  const navigate = useNavigate();
  const { search } = useLocation();
  useEffect(() => {
    if (current !== undefined && current !== slug)
      navigate(`${servicePath(current)}${search}`, { replace: true });
  }, [current, slug, search, navigate]);
}

/**
 * /services/{slug}: the service's hero and content sections from the server, text and picture in the order
 * each section's layout says. An unknown service, or one the server cannot give, is the 404 page; no
 * connection says so and tries again when it comes back. Read at an address the service had before, the bar
 * shows its current one (the server sent the read on).
 */
export function ServiceDetailPage() {
  const { t } = useTranslation('marketing');
  const { serviceType = '' } = useParams();
  const language = useLanguage();
  // The effect and its retry when the connection comes back are useAsync's (through useApiRead).
  const state = useService(serviceType, language);
  useCurrentAddress(serviceType, state.status === 'success' ? state.data?.slug : undefined);

  if (state.status === 'loading') return <Spinner label={t('serviceDetail.loading')} />;
  // Only a failure to reach the server is "offline"; an error answer, or no service in it, is not found.
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
  if (state.status === 'error' || !state.data) return <NotFoundView />;

  const service = state.data;
  const hero = service.sections.find((section) => section.type === 'hero');
  const content = service.sections.filter(
    (section): section is ServiceContentSection => section.type === 'content',
  );
  return (
    <>
      <PageHero
        page="serviceDetail"
        title={hero?.data.title ?? service.name}
        lead={hero?.data.description ?? service.description}
        eyebrow={service.name}
        links={[
          { to: contactHref(service.key), label: t('serviceDetail.getQuote'), primary: true },
          { to: '/pricing', label: t('services.seePricing') },
        ]}
      />
      {content.map((section) => (
        <ContentSection key={section.id} section={section} />
      ))}
      <section className="mk-section service-cta">
        <div className="container service-cta__inner">
          <h2 className="service-cta__title">{t('serviceDetail.ctaTitle', { service: service.name })}</h2>
          <Link to={contactHref(service.key)} className="button button--primary">
            {t('serviceDetail.getQuote')}
          </Link>
        </div>
      </section>
    </>
  );
}
