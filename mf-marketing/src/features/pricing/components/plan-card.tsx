import { Link, useTranslation } from '@agency/core';
import type { PublicPlan } from '@agency/core/content';
import { useId } from 'react';
import { contactHref } from '../../contact/lib/contact-href';
import { Price } from './price';

/**
 * One plan as the agency wrote it: name, description, price with its period or what it covers, features, and
 * "get started" to /contact with the plan (its stable key) and its service chosen in the form.
 */
export function PlanCard({ plan, service }: { plan: PublicPlan; service: string }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const quote = plan.type === 'quote_based' || plan.price === null;
  const period = quote
    ? null
    : plan.unit ||
      (plan.type === 'one_time'
        ? t('pricing.types.ot')
        : plan.type === 'monthly'
          ? t('pricing.types.mo')
          : plan.type === 'per_video'
            ? t('pricing.units.perVideo')
            : null);
  const featured = plan.highlighted;
  return (
    <article className={`plan-card${featured ? ' plan-card--featured' : ''}`} aria-labelledby={titleId}>
      {featured && <p className="plan-card__badge">{t('pricing.popular')}</p>}
      <h3 id={titleId} className="plan-card__name">
        {plan.name}
      </h3>
      <p className="plan-card__description">{plan.description}</p>
      <p className="plan-card__price">
        {quote ? (
          <span className="plan-card__amount">{t('pricing.quoteBased')}</span>
        ) : (
          <Price amount={plan.price ?? 0} className="plan-card__amount" />
        )}
        {period && <span className="plan-card__period">{period}</span>}
      </p>
      <ul className="plan-card__features">
        {plan.features.map((feature, i) => (
          // Lines may repeat; their place is what tells them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a plan's features are plain lines in order
          <li key={i}>{feature}</li>
        ))}
      </ul>
      <Link
        to={contactHref(service, plan.key)}
        className={`button ${featured ? 'button--primary' : 'button--secondary'} plan-card__cta`}
      >
        {t('pricing.getStarted')}
        <span className="visually-hidden">{`: ${plan.name}`}</span>
      </Link>
    </article>
  );
}
