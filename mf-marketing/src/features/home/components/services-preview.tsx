import { Link, type ServiceSummary, useLanguage, useServices, useTranslation } from '@agency/core';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Section } from '../../../components/section';
import { SkeletonCards } from '../../../components/skeleton-cards';
import { ServiceCard } from '../../services/components/service-card';

/** Services per page in the home page's preview (spec). */
export const PREVIEW_PAGE_SIZE = 6;

/**
 * The pager's buttons say they are unavailable (`aria-disabled`) rather than being disabled: a disabled button
 * drops the focus of whoever pressed it to the end of the list (WCAG 2.4.3), and this one stays where it was.
 */
function Pages({ services }: { services: ServiceSummary[] }) {
  const { t } = useTranslation('marketing');
  const [page, setPage] = useState(1);
  const last = Math.max(1, Math.ceil(services.length / PREVIEW_PAGE_SIZE));
  useEffect(() => setPage((p) => Math.min(p, last)), [last]);
  const pager = useRef<HTMLDivElement>(null);
  /** Where the pager was on the screen when one of its buttons was pressed, and the page it asked for. */
  const anchor = useRef<{ top: number; page: number } | null>(null);
  function turn(to: number) {
    const top = pager.current?.getBoundingClientRect().top;
    anchor.current = top === undefined || to === page ? null : { top, page: to };
    setPage(to);
  }
  // A shorter page moves the pager, and the button that has focus, up and off the screen (on a phone, the page
  // drew it 200 px above the top, WCAG 2.4.7). The page scrolls by as much, so the pager stays where it was
  // pressed, focused and seen, with the new page's cards right above it.
  useLayoutEffect(() => {
    const before = anchor.current;
    anchor.current = null;
    if (!before || before.page !== page || !pager.current) return;
    const shift = pager.current.getBoundingClientRect().top - before.top;
    if (Math.abs(shift) >= 1) window.scrollBy({ top: shift, behavior: 'instant' });
  }, [page]);
  const shown = services.slice((page - 1) * PREVIEW_PAGE_SIZE, page * PREVIEW_PAGE_SIZE);
  return (
    <>
      <ul className="services-grid">
        {shown.map((service) => (
          <li key={service.id}>
            <ServiceCard service={service} />
          </li>
        ))}
      </ul>
      {last > 1 && (
        <div className="preview-pager" ref={pager}>
          <button
            type="button"
            className="preview-pager__button"
            onClick={() => turn(Math.max(1, page - 1))}
            aria-disabled={page === 1}
            aria-label={t('home.services.previous')}
          >
            <span aria-hidden="true" className="preview-pager__arrow preview-pager__arrow--back" />
          </button>
          <span className="preview-pager__status" aria-live="polite">
            {t('home.services.page', { page, last })}
          </span>
          <button
            type="button"
            className="preview-pager__button"
            onClick={() => turn(Math.min(last, page + 1))}
            aria-disabled={page === last}
            aria-label={t('home.services.next')}
          >
            <span aria-hidden="true" className="preview-pager__arrow" />
          </button>
        </div>
      )}
    </>
  );
}

/** The home page's services: six a page with previous and next, and a link to all of them. */
export function ServicesPreview({ title }: { title: string }) {
  const { t } = useTranslation('marketing');
  const state = useServices(useLanguage());
  return (
    <Section title={title}>
      {state.status === 'loading' && (
        <SkeletonCards
          count={PREVIEW_PAGE_SIZE}
          label={t('services.loading')}
          listClassName="services-grid"
        />
      )}
      {state.status === 'error' && (
        <p className="mk-state mk-state--error" role="alert">
          {t('services.error')}
        </p>
      )}
      {state.status === 'success' &&
        (state.data.length === 0 ? (
          <p className="mk-state">{t('services.empty')}</p>
        ) : (
          <Pages services={state.data} />
        ))}
      <p className="mk-section__more">
        <Link to="/services" className="button button--secondary">
          {t('home.services.viewAll')}
        </Link>
      </p>
    </Section>
  );
}
