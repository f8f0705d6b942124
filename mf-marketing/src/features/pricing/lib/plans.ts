/**
 * The pricing plans (spec section 3, Pricing plan): built into the site, not fetched. Prices are in GBP;
 * names, descriptions and features are translated in marketing.json under `pricing`.
 */
export const PLAN_NAMES = ['starter', 'professional', 'advanced', 'custom'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** ot = one-time, mo = monthly, vid = per video or package, qb = quote-based; null = not set (spec). */
export type PlanType = 'ot' | 'mo' | 'vid' | 'qb' | null;

/** A feature line: a translation key under `pricing.features`, with a count when it has one. */
export interface Feature {
  key: string;
  count?: number;
}

export interface Plan {
  name: PlanName;
  /** null: quote-based. */
  price: number | null;
  type: PlanType;
  /** What a video price covers (`pricing.units`): one video, a package of n, or a 60-90 second film. */
  unit?: { key: 'perVideo' | 'videos' | 'longVideo'; count?: number };
  features: Feature[];
}

export interface PricingCategory {
  /** The service key, as in /services/{key}. */
  key: string;
  plans: Plan[];
}

const f = (key: string, count?: number): Feature => (count === undefined ? { key } : { key, count });

const CUSTOM: Plan = {
  name: 'custom',
  price: null,
  type: 'qb',
  features: [f('customScope'), f('dedicatedManager'), f('prioritySupport'), f('flexibleTimeline')],
};

function tiers(
  prices: [number, number, number],
  type: PlanType,
  features: [Feature[], Feature[], Feature[]],
  types: [PlanType, PlanType, PlanType] = [type, type, type],
): Plan[] {
  return [
    { name: 'starter', price: prices[0], type: types[0], features: features[0] },
    { name: 'professional', price: prices[1], type: types[1], features: features[1] },
    { name: 'advanced', price: prices[2], type: types[2], features: features[2] },
    CUSTOM,
  ];
}

export const PRICING: readonly PricingCategory[] = [
  {
    key: 'web-development',
    plans: tiers([1200, 2500, 4000], 'ot', [
      [f('pages', 5), f('responsive'), f('contactForm'), f('revisions', 2), f('supportMonths', 1)],
      [f('pages', 10), f('responsive'), f('cms'), f('seoSetup'), f('revisions', 3), f('supportMonths', 3)],
      [f('pages', 20), f('ecommerce'), f('cms'), f('analytics'), f('revisions', 5), f('supportMonths', 6)],
    ]),
  },
  {
    key: 'mobile-apps',
    plans: tiers([2000, 4000, 8000], 'ot', [
      [f('screens', 10), f('oneStore'), f('revisions', 2), f('supportMonths', 1)],
      [f('screens', 20), f('bothStores'), f('pushNotifications'), f('revisions', 3), f('supportMonths', 3)],
      [
        f('screens', 40),
        f('bothStores'),
        f('adminPanel'),
        f('analytics'),
        f('revisions', 5),
        f('supportMonths', 6),
      ],
    ]),
  },
  {
    key: 'seo',
    plans: tiers([300, 500, 800], 'mo', [
      [f('keywords', 10), f('technicalAudit'), f('monthlyReport')],
      [f('keywords', 25), f('technicalAudit'), f('onPage'), f('monthlyReport')],
      [f('keywords', 50), f('technicalAudit'), f('onPage'), f('linkBuilding'), f('monthlyReport')],
    ]),
  },
  {
    key: 'paid-advertising',
    plans: tiers([400, 700, 1200], 'mo', [
      [f('campaigns', 1), f('platforms', 1), f('adCopy'), f('monthlyReport')],
      [f('campaigns', 3), f('platforms', 2), f('adCopy'), f('abTesting'), f('monthlyReport')],
      [
        f('campaigns', 5),
        f('platforms', 3),
        f('adCopy'),
        f('abTesting'),
        f('retargeting'),
        f('monthlyReport'),
      ],
    ]),
  },
  {
    key: 'digital-marketing',
    plans: tiers([700, 1300, 2200], 'mo', [
      [f('strategy'), f('platforms', 2), f('postsPerMonth', 8), f('monthlyReport')],
      [f('strategy'), f('platforms', 3), f('postsPerMonth', 16), f('emailMarketing'), f('monthlyReport')],
      [
        f('strategy'),
        f('platforms', 5),
        f('postsPerMonth', 30),
        f('emailMarketing'),
        f('campaigns', 3),
        f('monthlyReport'),
      ],
    ]),
  },
  {
    key: 'social-media-management',
    // The spec leaves the Professional plan's type unset: it shows its price with no period.
    plans: tiers(
      [500, 800, 1200],
      'mo',
      [
        [f('platforms', 2), f('postsPerMonth', 12), f('contentCalendar')],
        [f('platforms', 3), f('postsPerMonth', 20), f('contentCalendar'), f('communityManagement')],
        [
          f('platforms', 5),
          f('postsPerMonth', 30),
          f('contentCalendar'),
          f('communityManagement'),
          f('monthlyReport'),
        ],
      ],
      ['mo', null, 'mo'],
    ),
  },
  {
    key: 'branding',
    plans: tiers([300, 600, 1000], 'ot', [
      [f('logoConcepts', 2), f('colourPalette'), f('revisions', 2)],
      [f('logoConcepts', 4), f('colourPalette'), f('brandGuide'), f('revisions', 3)],
      [f('logoConcepts', 6), f('brandGuide'), f('stationery'), f('socialKit'), f('revisions', 5)],
    ]),
  },
  {
    key: 'ui-ux-design',
    plans: tiers([150, 400, 800], 'ot', [
      [f('screens', 5), f('wireframes'), f('revisions', 2)],
      [f('screens', 15), f('wireframes'), f('prototype'), f('revisions', 3)],
      [f('screens', 30), f('prototype'), f('designSystem'), f('userTesting'), f('revisions', 5)],
    ]),
  },
  {
    key: 'video-editing',
    plans: [
      {
        name: 'starter',
        price: 50,
        type: 'vid',
        unit: { key: 'perVideo' },
        features: [f('minutes', 3), f('colourGrading'), f('revisions', 1)],
      },
      {
        name: 'professional',
        price: 600,
        type: 'vid',
        unit: { key: 'videos', count: 5 },
        features: [f('minutes', 5), f('colourGrading'), f('subtitles'), f('revisions', 2)],
      },
      {
        name: 'advanced',
        price: 1200,
        type: 'vid',
        unit: { key: 'videos', count: 10 },
        features: [f('minutes', 10), f('colourGrading'), f('subtitles'), f('music'), f('revisions', 3)],
      },
      CUSTOM,
    ],
  },
  {
    key: 'motion-graphics',
    plans: [
      {
        name: 'starter',
        price: 100,
        type: 'vid',
        unit: { key: 'perVideo' },
        features: [f('seconds', 15), f('storyboard'), f('revisions', 1)],
      },
      {
        name: 'professional',
        price: 700,
        type: 'vid',
        unit: { key: 'videos', count: 4 },
        features: [f('seconds', 30), f('storyboard'), f('music'), f('revisions', 2)],
      },
      {
        name: 'advanced',
        price: 1500,
        type: 'vid',
        unit: { key: 'longVideo' },
        features: [f('storyboard'), f('voiceover'), f('music'), f('revisions', 3)],
      },
      CUSTOM,
    ],
  },
];

/** The tab the pricing page opens on (spec: Website Development). */
export const DEFAULT_CATEGORY = 'web-development';
