import { Link, useTranslation } from '@agency/core';
import { useId } from 'react';
import { contactHref } from '../../contact/lib/contact-href';
import type { Plan } from '../lib/plans';
import { Price } from './price';

/**
 * One plan: name, description, price with its period or package, features, and "get started" to /contact with
 * the plan and its service chosen in the form.
 */
export function PlanCard({
  plan,
  service,
  featured = false,
}: {
  plan: Plan;
  service: string;
  featured?: boolean;
}) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const period =
    plan.unit !== undefined
      ? t(`pricing.units.${plan.unit.key}`, plan.unit.count === undefined ? {} : { count: plan.unit.count })
      : plan.type && plan.type !== 'vid' && plan.price !== null
        ? t(`pricing.types.${plan.type}`)
        : null;
  return (
    <article className={`plan-card${featured ? ' plan-card--featured' : ''}`} aria-labelledby={titleId}>
      {featured && <p className="plan-card__badge">{t('pricing.popular')}</p>}
      <h3 id={titleId} className="plan-card__name">
        {t(`pricing.plans.${plan.name}.name`)}
      </h3>
      <p className="plan-card__description">{t(`pricing.plans.${plan.name}.description`)}</p>
      <p className="plan-card__price">
        {plan.price === null ? (
          <span className="plan-card__amount">{t('pricing.quoteBased')}</span>
        ) : (
          <Price amount={plan.price} className="plan-card__amount" />
        )}
        {period && <span className="plan-card__period">{period}</span>}
      </p>
      <ul className="plan-card__features">
        {plan.features.map(({ key, count }) => (
          <li key={key}>{t(`pricing.features.${key}`, count === undefined ? {} : { count })}</li>
        ))}
      </ul>
      <Link
        to={contactHref(service, plan.name)}
        className={`button ${featured ? 'button--primary' : 'button--secondary'} plan-card__cta`}
      >
        {t('pricing.getStarted')}
        <span className="visually-hidden">{`: ${t(`pricing.plans.${plan.name}.name`)}`}</span>
      </Link>
    </article>
  );
}
