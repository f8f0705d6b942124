import type { PriceType } from '@agency/core/content';

/**
 * The pricing a new site starts with: the plans the pricing page showed before pricing was editable (spec
 * section 3, prices in GBP), in both languages, with the texts the page had in marketing.json.
 */
type Both<T = string> = { en: T; ar: T };

export interface PlanSeed {
  key: string;
  name: Both;
  description: Both;
  type: PriceType | '';
  /** null: quote-based. */
  price: number | null;
  unit: Both;
  features: Both<string[]>;
  highlighted: boolean;
}

export interface PricingSeed {
  /** The service key, as in /services/{key}. */
  key: string;
  name: Both;
  plans: PlanSeed[];
}

export const PRICING_SEEDS: readonly PricingSeed[] = [
  {
    key: 'web-development',
    name: {
      en: 'Website Development',
      ar: 'تطوير المواقع الإلكترونية',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'one_time',
        price: 1200,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 5 pages',
            'Design that fits every screen',
            'Contact form',
            '2 rounds of revisions',
            '1 month of support',
          ],
          ar: [
            'حتى 5 صفحات',
            'تصميم يناسب جميع الشاشات',
            'نموذج تواصل',
            'جولتا تعديلات',
            'دعم لمدة شهر واحد',
          ],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'one_time',
        price: 2500,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 10 pages',
            'Design that fits every screen',
            'Content management system',
            'Search engine set-up',
            '3 rounds of revisions',
            '3 months of support',
          ],
          ar: [
            'حتى 10 صفحات',
            'تصميم يناسب جميع الشاشات',
            'نظام لإدارة المحتوى',
            'تهيئة لمحركات البحث',
            '3 جولات تعديلات',
            'دعم لمدة 3 أشهر',
          ],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'one_time',
        price: 4000,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 20 pages',
            'Online store with payments',
            'Content management system',
            'Analytics dashboard',
            '5 rounds of revisions',
            '6 months of support',
          ],
          ar: [
            'حتى 20 صفحة',
            'متجر إلكتروني مع الدفع',
            'نظام لإدارة المحتوى',
            'لوحة تحليلات',
            '5 جولات تعديلات',
            'دعم لمدة 6 أشهر',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'mobile-apps',
    name: {
      en: 'Mobile App Development',
      ar: 'تطوير تطبيقات الجوال',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'one_time',
        price: 2000,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['Up to 10 screens', 'iOS or Android', '2 rounds of revisions', '1 month of support'],
          ar: ['حتى 10 شاشات', 'iOS أو أندرويد', 'جولتا تعديلات', 'دعم لمدة شهر واحد'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'one_time',
        price: 4000,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 20 screens',
            'iOS and Android',
            'Push notifications',
            '3 rounds of revisions',
            '3 months of support',
          ],
          ar: ['حتى 20 شاشة', 'iOS وأندرويد', 'إشعارات فورية', '3 جولات تعديلات', 'دعم لمدة 3 أشهر'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'one_time',
        price: 8000,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 40 screens',
            'iOS and Android',
            'Admin panel',
            'Analytics dashboard',
            '5 rounds of revisions',
            '6 months of support',
          ],
          ar: [
            'حتى 40 شاشة',
            'iOS وأندرويد',
            'لوحة تحكم',
            'لوحة تحليلات',
            '5 جولات تعديلات',
            'دعم لمدة 6 أشهر',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'seo',
    name: {
      en: 'SEO Services',
      ar: 'تحسين محركات البحث',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'monthly',
        price: 300,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['10 target keywords', 'Technical SEO audit', 'Monthly report'],
          ar: ['10 كلمات مفتاحية', 'تدقيق تقني لتحسين محركات البحث', 'تقرير شهري'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'monthly',
        price: 500,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['25 target keywords', 'Technical SEO audit', 'On-page optimisation', 'Monthly report'],
          ar: ['25 كلمة مفتاحية', 'تدقيق تقني لتحسين محركات البحث', 'تحسين محتوى الصفحات', 'تقرير شهري'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'monthly',
        price: 800,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            '50 target keywords',
            'Technical SEO audit',
            'On-page optimisation',
            'Link building',
            'Monthly report',
          ],
          ar: [
            '50 كلمة مفتاحية',
            'تدقيق تقني لتحسين محركات البحث',
            'تحسين محتوى الصفحات',
            'بناء الروابط',
            'تقرير شهري',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'paid-advertising',
    name: {
      en: 'Paid Advertising',
      ar: 'الإعلانات المدفوعة',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'monthly',
        price: 400,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['1 campaign', '1 platform', 'Ad copy and visuals', 'Monthly report'],
          ar: ['حملة واحدة', 'منصة واحدة', 'نصوص الإعلانات وتصاميمها', 'تقرير شهري'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'monthly',
        price: 700,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['3 campaigns', '2 platforms', 'Ad copy and visuals', 'A/B testing', 'Monthly report'],
          ar: ['3 حملات', 'منصتان', 'نصوص الإعلانات وتصاميمها', 'اختبارات A/B', 'تقرير شهري'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'monthly',
        price: 1200,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            '5 campaigns',
            '3 platforms',
            'Ad copy and visuals',
            'A/B testing',
            'Retargeting',
            'Monthly report',
          ],
          ar: [
            '5 حملات',
            '3 منصات',
            'نصوص الإعلانات وتصاميمها',
            'اختبارات A/B',
            'إعادة الاستهداف',
            'تقرير شهري',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'digital-marketing',
    name: {
      en: 'Digital Marketing',
      ar: 'التسويق الرقمي',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'monthly',
        price: 700,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['Marketing strategy', '2 platforms', '8 posts a month', 'Monthly report'],
          ar: ['استراتيجية تسويقية', 'منصتان', '8 منشورات شهرياً', 'تقرير شهري'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'monthly',
        price: 1300,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['Marketing strategy', '3 platforms', '16 posts a month', 'E-mail marketing', 'Monthly report'],
          ar: [
            'استراتيجية تسويقية',
            '3 منصات',
            '16 منشوراً شهرياً',
            'التسويق عبر البريد الإلكتروني',
            'تقرير شهري',
          ],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'monthly',
        price: 2200,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Marketing strategy',
            '5 platforms',
            '30 posts a month',
            'E-mail marketing',
            '3 campaigns',
            'Monthly report',
          ],
          ar: [
            'استراتيجية تسويقية',
            '5 منصات',
            '30 منشوراً شهرياً',
            'التسويق عبر البريد الإلكتروني',
            '3 حملات',
            'تقرير شهري',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'social-media-management',
    name: {
      en: 'Social Media Management',
      ar: 'إدارة وسائل التواصل الاجتماعي',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'monthly',
        price: 500,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['2 platforms', '12 posts a month', 'Content calendar'],
          ar: ['منصتان', '12 منشوراً شهرياً', 'تقويم للمحتوى'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: '',
        price: 800,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['3 platforms', '20 posts a month', 'Content calendar', 'Community management'],
          ar: ['3 منصات', '20 منشوراً شهرياً', 'تقويم للمحتوى', 'إدارة المجتمع والتفاعل'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'monthly',
        price: 1200,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            '5 platforms',
            '30 posts a month',
            'Content calendar',
            'Community management',
            'Monthly report',
          ],
          ar: ['5 منصات', '30 منشوراً شهرياً', 'تقويم للمحتوى', 'إدارة المجتمع والتفاعل', 'تقرير شهري'],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'branding',
    name: {
      en: 'Branding',
      ar: 'بناء العلامة التجارية',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'one_time',
        price: 300,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['2 logo concepts', 'Colour palette and typography', '2 rounds of revisions'],
          ar: ['تصميمان مقترحان للشعار', 'لوحة الألوان والخطوط', 'جولتا تعديلات'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'one_time',
        price: 600,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            '4 logo concepts',
            'Colour palette and typography',
            'Brand guidelines',
            '3 rounds of revisions',
          ],
          ar: ['4 تصاميم مقترحة للشعار', 'لوحة الألوان والخطوط', 'دليل الهوية', '3 جولات تعديلات'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'one_time',
        price: 1000,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            '6 logo concepts',
            'Brand guidelines',
            'Stationery design',
            'Social media kit',
            '5 rounds of revisions',
          ],
          ar: [
            '6 تصاميم مقترحة للشعار',
            'دليل الهوية',
            'تصميم القرطاسية',
            'حزمة تصاميم لوسائل التواصل',
            '5 جولات تعديلات',
          ],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'ui-ux-design',
    name: {
      en: 'UI/UX Design',
      ar: 'تصميم واجهات وتجربة المستخدم',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'one_time',
        price: 150,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['Up to 5 screens', 'Wireframes', '2 rounds of revisions'],
          ar: ['حتى 5 شاشات', 'مخططات أولية', 'جولتا تعديلات'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'one_time',
        price: 400,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: ['Up to 15 screens', 'Wireframes', 'Clickable prototype', '3 rounds of revisions'],
          ar: ['حتى 15 شاشة', 'مخططات أولية', 'نموذج أولي تفاعلي', '3 جولات تعديلات'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'one_time',
        price: 800,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Up to 30 screens',
            'Clickable prototype',
            'Design system',
            'User testing',
            '5 rounds of revisions',
          ],
          ar: ['حتى 30 شاشة', 'نموذج أولي تفاعلي', 'نظام تصميم', 'اختبار مع المستخدمين', '5 جولات تعديلات'],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'video-editing',
    name: {
      en: 'Video Editing',
      ar: 'مونتاج الفيديو',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'per_video',
        price: 50,
        unit: {
          en: 'per video',
          ar: 'للفيديو الواحد',
        },
        features: {
          en: ['Videos up to 3 minutes long', 'Colour grading', '1 round of revisions'],
          ar: ['فيديو حتى 3 دقائق', 'تصحيح الألوان', 'جولة تعديلات واحدة'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'per_video',
        price: 600,
        unit: {
          en: 'for 5 videos',
          ar: 'مقابل 5 فيديوهات',
        },
        features: {
          en: ['Videos up to 5 minutes long', 'Colour grading', 'Subtitles', '2 rounds of revisions'],
          ar: ['فيديو حتى 5 دقائق', 'تصحيح الألوان', 'ترجمة مرئية', 'جولتا تعديلات'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'per_video',
        price: 1200,
        unit: {
          en: 'for 10 videos',
          ar: 'مقابل 10 فيديوهات',
        },
        features: {
          en: [
            'Videos up to 10 minutes long',
            'Colour grading',
            'Subtitles',
            'Licensed music',
            '3 rounds of revisions',
          ],
          ar: ['فيديو حتى 10 دقائق', 'تصحيح الألوان', 'ترجمة مرئية', 'موسيقى مرخّصة', '3 جولات تعديلات'],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
  {
    key: 'motion-graphics',
    name: {
      en: 'Motion Graphics',
      ar: 'الموشن جرافيك',
    },
    plans: [
      {
        key: 'starter',
        name: {
          en: 'Starter',
          ar: 'الأساسية',
        },
        description: {
          en: 'For small businesses taking their first step.',
          ar: 'للشركات الصغيرة في خطوتها الأولى.',
        },
        type: 'per_video',
        price: 100,
        unit: {
          en: 'per video',
          ar: 'للفيديو الواحد',
        },
        features: {
          en: ['Animations up to 15 seconds long', 'Storyboard', '1 round of revisions'],
          ar: ['رسوم متحركة حتى 15 ثانية', 'لوحة قصصية', 'جولة تعديلات واحدة'],
        },
        highlighted: false,
      },
      {
        key: 'professional',
        name: {
          en: 'Professional',
          ar: 'الاحترافية',
        },
        description: {
          en: 'For growing businesses that need more.',
          ar: 'للشركات النامية التي تحتاج إلى المزيد.',
        },
        type: 'per_video',
        price: 700,
        unit: {
          en: 'for 4 videos',
          ar: 'مقابل 4 فيديوهات',
        },
        features: {
          en: ['Animations up to 30 seconds long', 'Storyboard', 'Licensed music', '2 rounds of revisions'],
          ar: ['رسوم متحركة حتى 30 ثانية', 'لوحة قصصية', 'موسيقى مرخّصة', 'جولتا تعديلات'],
        },
        highlighted: true,
      },
      {
        key: 'advanced',
        name: {
          en: 'Advanced',
          ar: 'المتقدمة',
        },
        description: {
          en: 'For established businesses with bigger goals.',
          ar: 'للشركات الراسخة ذات الأهداف الأكبر.',
        },
        type: 'per_video',
        price: 1500,
        unit: {
          en: 'for a 60–90 second video',
          ar: 'مقابل فيديو مدته 60–90 ثانية',
        },
        features: {
          en: ['Storyboard', 'Professional voice-over', 'Licensed music', '3 rounds of revisions'],
          ar: ['لوحة قصصية', 'تعليق صوتي احترافي', 'موسيقى مرخّصة', '3 جولات تعديلات'],
        },
        highlighted: false,
      },
      {
        key: 'custom',
        name: {
          en: 'Custom Solution',
          ar: 'حل مخصص',
        },
        description: {
          en: 'Everything shaped around your project.',
          ar: 'كل شيء مصمم حول مشروعك.',
        },
        type: 'quote_based',
        price: null,
        unit: {
          en: '',
          ar: '',
        },
        features: {
          en: [
            'Scope built around your needs',
            'A dedicated project manager',
            'Priority support',
            'A timeline that suits you',
          ],
          ar: ['نطاق عمل مصمم حسب احتياجاتك', 'مدير مشروع مخصص', 'دعم بأولوية', 'جدول زمني يناسبك'],
        },
        highlighted: false,
      },
    ],
  },
];
