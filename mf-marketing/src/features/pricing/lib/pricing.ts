import { useApiRead, useLanguage } from '@agency/core';
import type { PublicPricing } from '@agency/core/content';

/** Pricing in an answer of GET /api/pricing (at `data`); throws on anything else. */
export function parsePricing(body: unknown): PublicPricing {
  const pricing = (body as { data?: PublicPricing } | null)?.data;
  if (!pricing || !Array.isArray(pricing.categories)) throw new Error('Unexpected pricing');
  return pricing;
}

/**
 * Pricing as the agency edits it (GET /api/pricing in the page's language): on the server's render and the
 * first browser render, the answer that came with the page (core's PAGE_READS), so no plan is built into code.
 */
export function usePricing() {
  return useApiRead('/pricing', { language: useLanguage() }, parsePricing);
}

/** The tab the pricing page opens on (spec: Website Development) when it has plans. */
export const DEFAULT_CATEGORY = 'web-development';
