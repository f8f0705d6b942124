import { useTranslation } from '@agency/core';
import { useId, useState } from 'react';
import { panelId, TabList, tabId } from '../../../components/tab-list';
import { DEFAULT_CATEGORY, PRICING, type PricingCategory } from '../lib/plans';
import { PlanCard } from './plan-card';

interface PricingTabsProps {
  /** The categories to offer (the home page's teaser shows the first three). */
  categories?: readonly PricingCategory[];
}

/** A tab per pricing category (Website Development first) and the selected category's plans. */
export function PricingTabs({ categories = PRICING }: PricingTabsProps) {
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
        tabs={categories.map(({ key }) => ({ key, label: t(`pricing.categories.${key}`) }))}
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
          <PlanCard
            key={plan.name}
            plan={plan}
            service={category.key}
            featured={plan.name === 'professional'}
          />
        ))}
      </div>
    </div>
  );
}
