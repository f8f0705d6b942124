import { useLanguage } from '@agency/core';
import { priceParts } from '../lib/format-price';

/**
 * A price in the page's language. Its text is Intl's (formatPrice); the currency symbol is an isolate of its own
 * (`<bdi>`), so that in a right-to-left line the Arabic `UK£` is not torn into `£UK` (lib/format-price.ts). Its
 * own element rather than a fragment: a fragment would cost every page the runtime's Fragment export.
 */
export function Price({ amount, className }: { amount: number; className: string }) {
  const { before, currency, after } = priceParts(amount, useLanguage());
  return (
    <span className={className}>
      {before}
      <bdi>{currency}</bdi>
      {after}
    </span>
  );
}
