import type { HomeTexts } from '@agency/core/content';
import type { Language } from '@agency/core/language';

/**
 * The home page's texts as the site showed them before they were editable (they were marketing.json's
 * `pages.home`, `home.*` and the pricing teaser's): a new site, and one made before, starts with these.
 */
export const HOME_SEED: Record<Language, HomeTexts> = {
  en: {
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
    reason_2_text:
      'Every project has clear goals, and our monthly reports show how we are doing against them.',
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
  },
  ar: {
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
  },
};

/**
 * The 15 client logos the carousel showed, in order: SVG files shipped with mf-marketing (public/images/clients),
 * which the seed rows point at. Uploads go through the image pipeline instead (re-encoded to WebP); the two kinds
 * of address live side by side (core's isImageRef). The names were English in both languages before; the Arabic
 * rows keep them, for the editor to translate.
 */
export const CLIENT_LOGO_SEED: { name: Record<Language, string>; image: string }[] = [
  { name: { en: 'Nour Foods', ar: 'Nour Foods' }, image: '/mf/mf-marketing/images/clients/client-01.svg' },
  {
    name: { en: 'Atlas Logistics', ar: 'Atlas Logistics' },
    image: '/mf/mf-marketing/images/clients/client-02.svg',
  },
  {
    name: { en: 'Cedar Clinics', ar: 'Cedar Clinics' },
    image: '/mf/mf-marketing/images/clients/client-03.svg',
  },
  {
    name: { en: 'Falcon Motors', ar: 'Falcon Motors' },
    image: '/mf/mf-marketing/images/clients/client-04.svg',
  },
  {
    name: { en: 'Bloom Studio', ar: 'Bloom Studio' },
    image: '/mf/mf-marketing/images/clients/client-05.svg',
  },
  {
    name: { en: 'Oasis Travel', ar: 'Oasis Travel' },
    image: '/mf/mf-marketing/images/clients/client-06.svg',
  },
  {
    name: { en: 'Summit Legal', ar: 'Summit Legal' },
    image: '/mf/mf-marketing/images/clients/client-07.svg',
  },
  { name: { en: 'Pixel Forge', ar: 'Pixel Forge' }, image: '/mf/mf-marketing/images/clients/client-08.svg' },
  { name: { en: 'Harbor Bank', ar: 'Harbor Bank' }, image: '/mf/mf-marketing/images/clients/client-09.svg' },
  {
    name: { en: 'Zaytoon Market', ar: 'Zaytoon Market' },
    image: '/mf/mf-marketing/images/clients/client-10.svg',
  },
  {
    name: { en: 'Vertex Energy', ar: 'Vertex Energy' },
    image: '/mf/mf-marketing/images/clients/client-11.svg',
  },
  {
    name: { en: 'Lumen Optics', ar: 'Lumen Optics' },
    image: '/mf/mf-marketing/images/clients/client-12.svg',
  },
  {
    name: { en: 'Saffron Kitchen', ar: 'Saffron Kitchen' },
    image: '/mf/mf-marketing/images/clients/client-13.svg',
  },
  {
    name: { en: 'Orbit Fitness', ar: 'Orbit Fitness' },
    image: '/mf/mf-marketing/images/clients/client-14.svg',
  },
  {
    name: { en: 'Qamar Jewels', ar: 'Qamar Jewels' },
    image: '/mf/mf-marketing/images/clients/client-15.svg',
  },
];
