import type { PublicHome } from '@agency/core/content';

/**
 * The home page as GET /api/home gives it on a new site (the seed's texts, its 15 SVG logos and the portfolio's
 * two seeded projects), for tests.
 */
const PROJECTS = {
  en: [
    ['bakery-chain-brand-identity', 'Brand identity for a bakery chain', 'The new bakery logo'],
    ['coffee-roaster-packaging', 'Packaging for a coffee roaster', 'Coffee bags in three colours'],
  ],
  ar: [
    ['هوية-سلسلة-مخابز', 'هوية بصرية لسلسلة مخابز', 'شعار المخبز الجديد'],
    ['تغليف-محمصة-قهوة', 'تغليف لمحمصة قهوة', 'أكياس قهوة بثلاثة ألوان'],
  ],
} as const;

function home(language: 'en' | 'ar', texts: PublicHome['texts']): PublicHome {
  const names = [
    'Nour Foods',
    'Atlas Logistics',
    'Cedar Clinics',
    'Falcon Motors',
    'Bloom Studio',
    'Oasis Travel',
    'Summit Legal',
    'Pixel Forge',
    'Harbor Bank',
    'Zaytoon Market',
    'Vertex Energy',
    'Lumen Optics',
    'Saffron Kitchen',
    'Orbit Fitness',
    'Qamar Jewels',
  ];
  const logos = names.map((name, i) => ({
    id: i + 1,
    name,
    image: `/mf/mf-marketing/images/clients/client-${String(i + 1).padStart(2, '0')}.svg`,
  }));
  const projects = PROJECTS[language].map(([slug, title, alt], i) => ({
    id: i * 2 + 1 + (language === 'ar' ? 1 : 0),
    slug,
    language,
    title,
    client: '',
    category: 'design',
    cover_image: `/storage/poster_images/${String(i).repeat(32)}.webp`,
    cover_alt: alt,
    summary: '',
  }));
  return { language, texts, logos, projects };
}

export const HOME_EN = home('en', {
  hero_title: 'We build digital products that grow your business',
  hero_lead: 'Web and mobile development, SEO, advertising, branding and design under one roof.',
  clients_title: 'Trusted by businesses across the UK and the Middle East',
  about_title: 'A digital partner, not just a supplier',
  about_text:
    'For more than ten years we have helped businesses plan, build and grow their digital presence. Designers, engineers and marketers work as one team on your project, from the first idea to the results.',
  stat_1_value: '95%',
  stat_1_label: 'Client satisfaction',
  stat_2_value: '+1000',
  stat_2_label: 'Customers',
  stat_3_value: '+500',
  stat_3_label: 'Projects delivered',
  services_title: 'Our services',
  why_title: 'Why businesses choose us',
  reason_1_title: 'One team, every skill',
  reason_1_text:
    'Strategy, design, development and marketing under one roof, so nothing gets lost between suppliers.',
  reason_2_title: 'Measured by results',
  reason_2_text: 'Every project has clear goals, and our monthly reports show how we are doing against them.',
  reason_3_title: 'Truly bilingual',
  reason_3_text: 'Arabic and English written by native speakers, and right-to-left layouts built properly.',
  reason_4_title: 'Here after launch',
  reason_4_text: 'Support, updates and advice for as long as you need them.',
  portfolio_title: 'Recent work',
  pricing_title: 'Simple, transparent pricing',
  pricing_lead: 'Choose a plan, or ask us for a package made for you.',
  blog_title: 'From our blog',
  cta_title: 'Have a project in mind?',
  cta_text: 'Tell us about it and we will reply within one working day.',
  cta_button: 'Get in touch',
});

export const HOME_AR = home('ar', {
  hero_title: 'نبني منتجات رقمية تنمّي أعمالك',
  hero_lead:
    'تطوير المواقع وتطبيقات الجوال وتحسين محركات البحث والإعلانات والهوية البصرية والتصميم تحت سقف واحد.',
  clients_title: 'تثق بنا شركات في المملكة المتحدة والشرق الأوسط',
  about_title: 'شريك رقمي، لا مجرد مزوّد خدمة',
  about_text:
    'منذ أكثر من عشر سنوات نساعد الشركات على تخطيط حضورها الرقمي وبنائه وتنميته. يعمل المصممون والمطورون والمسوّقون فريقاً واحداً على مشروعك، من الفكرة الأولى حتى النتائج.',
  stat_1_value: '95%',
  stat_1_label: 'رضا العملاء',
  stat_2_value: '+1000',
  stat_2_label: 'عميل',
  stat_3_value: '+500',
  stat_3_label: 'مشروع منجز',
  services_title: 'خدماتنا',
  why_title: 'لماذا تختارنا الشركات',
  reason_1_title: 'فريق واحد بكل المهارات',
  reason_1_text: 'الاستراتيجية والتصميم والتطوير والتسويق تحت سقف واحد، فلا يضيع شيء بين المزوّدين.',
  reason_2_title: 'نقيس عملنا بالنتائج',
  reason_2_text: 'لكل مشروع أهداف واضحة، وتقاريرنا الشهرية تبيّن مدى تقدمنا نحوها.',
  reason_3_title: 'ثنائيو اللغة حقاً',
  reason_3_text: 'محتوى عربي وإنجليزي يكتبه متحدثون أصليون، وتصاميم من اليمين إلى اليسار مبنية كما يجب.',
  reason_4_title: 'معك بعد الإطلاق',
  reason_4_text: 'دعم وتحديثات واستشارات طالما احتجت إليها.',
  portfolio_title: 'أحدث أعمالنا',
  pricing_title: 'أسعار واضحة وبسيطة',
  pricing_lead: 'اختر خطة، أو اطلب منا باقة مصممة لك.',
  blog_title: 'من مدونتنا',
  cta_title: 'هل لديك مشروع في ذهنك؟',
  cta_text: 'أخبرنا عنه وسنرد عليك خلال يوم عمل واحد.',
  cta_button: 'تواصل معنا',
});
