import type { PublicFaq } from '@agency/core/content';

/** The FAQ in an answer of GET /api/faq (at `data`); throws on anything else. */
export function parseFaq(body: unknown): PublicFaq {
  const faq = (body as { data?: PublicFaq } | null)?.data;
  if (!faq || !Array.isArray(faq.categories)) throw new Error('Unexpected FAQ');
  return faq;
}
