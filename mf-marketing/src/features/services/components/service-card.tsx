import { Link, type ServiceSummary, useTranslation } from '@agency/core';
import { type SyntheticEvent, useId } from 'react';
import { servicePath } from '../lib/service-path';
import { truncate } from '../lib/truncate';

/** Shown when a service's own icon fails to load (spec: a failed icon falls back to a default one). */
export const DEFAULT_SERVICE_ICON = '/mf/mf-marketing/images/services/default.svg';

function showDefaultIcon(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  if (!img.src.endsWith(DEFAULT_SERVICE_ICON)) img.src = DEFAULT_SERVICE_ICON;
}

/**
 * The icon's address: a picture an editor uploaded is served at its smallest width (the card shows 48 px of it),
 * the site's own pictures as they are.
 */
function iconOf(path: string): string {
  // Written out rather than imported (storedImageUrl): the cards are on every marketing page's first load.
  return !path
    ? DEFAULT_SERVICE_ICON
    : path.startsWith('/storage/poster_images/')
      ? path.replace(/\.webp$/, '-480w.webp')
      : path;
}

/** A service: icon, name, summary cut at 250 characters, and a link to its page. */
export function ServiceCard({ service }: { service: ServiceSummary }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  return (
    <article className="service-card" aria-labelledby={titleId}>
      <img
        className="service-card__icon"
        src={iconOf(service.image_path)}
        alt={service.image_alt ?? ''}
        width={48}
        height={48}
        loading="lazy"
        onError={showDefaultIcon}
      />
      <h3 id={titleId} className="service-card__title">
        {service.name}
      </h3>
      <p className="service-card__text">{truncate(service.description)}</p>
      <Link className="service-card__link" to={servicePath(service.slug)}>
        {t('services.learnMore')}
        <span className="visually-hidden">: {service.name}</span>
      </Link>
    </article>
  );
}
