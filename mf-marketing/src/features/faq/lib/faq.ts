/** The FAQ's tabs, in order; General is open first (spec: Services page). Texts: marketing.json, `faq`. */
export const FAQ_TABS = ['general', 'services', 'pricing', 'support'] as const;
export type FaqTab = (typeof FAQ_TABS)[number];

/** How many questions each tab has (faq.items.<tab>.<n>.q / .a in the translations). */
export const FAQ_COUNTS: Record<FaqTab, number> = { general: 4, services: 4, pricing: 3, support: 3 };
