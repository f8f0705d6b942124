import { useTranslation } from '@agency/core';
import type { PublicPricing } from '@agency/core/content';
import { useId, useState } from 'react';
import { panelId, TabList, tabId } from '../../../components/tab-list';
import { DEFAULT_CATEGORY, usePricing } from '../lib/pricing';
import { PlanCard } from './plan-card';

interface PricingProps {
  /** How many categories to offer (the home page's teaser shows the first three); all when absent. */
  limit?: number;
}

/**
 * Pricing as the agency edits it (GET /api/pricing, rendered on the server with the page): a tab per category
 * (Website Development first) and the selected category's plans. Nothing when every plan is hidden.
 */
export function Pricing({ limit }: PricingProps) {
  const { t } = useTranslation('marketing');
  const state = usePricing();
  if (state.status === 'loading')
    return (
      <p className="mk-state" role="status">
        {t('pricing.loading')}
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="mk-state mk-state--error" role="alert">
        <p>{t('pricing.error')}</p>
        <button type="button" className="button button--secondary" onClick={state.retry}>
          {t('errors.retry')}
        </button>
      </div>
    );
  const categories = state.data.categories.slice(0, limit);
  return categories.length > 0 ? <PricingTabs categories={categories} /> : null;
}

/** A tab per pricing category (Website Development first when it is there) and the selected one's plans. */
export function PricingTabs({ categories }: { categories: PublicPricing['categories'] }) {
  const { t } = useTranslation('marketing');
  const id = useId();
  const first = categories.find((c) => c.key === DEFAULT_CATEGORY) ?? categories[0];
  const [selected, setSelected] = useState(first?.key ?? '');
  const category = categories.find((c) => c.key === selected) ?? first;
  if (!category) return null;
  return (
    <div className="pricing">
      <TabList
        className="pricing__tabs"
        idPrefix={id}
        label={t('pricing.tabsLabel')}
        tabs={categories.map(({ key, name }) => ({ key, label: name }))}
        selected={category.key}
        onSelect={setSelected}
      />
      <div
        className="pricing__plans"
        role="tabpanel"
        id={panelId(id)}
        aria-labelledby={tabId(id, category.key)}
      >
        {category.plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} service={category.key} />
        ))}
      </div>
    </div>
  );
}
