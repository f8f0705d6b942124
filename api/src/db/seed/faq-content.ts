/**
 * The FAQ a new site starts with: the questions the services page showed before the FAQ was editable,
 * in both languages. Answers are HTML as the editor writes it (one paragraph each).
 */
export interface FaqSeed {
  key: string;
  name: { en: string; ar: string };
  items: { question: { en: string; ar: string }; answer: { en: string; ar: string } }[];
}

export const FAQ_SEEDS: readonly FaqSeed[] = [
  {
    key: 'general',
    name: { en: 'General', ar: 'عام' },
    items: [
      {
        question: { en: 'Who do you work with?', ar: 'مع من تعملون؟' },
        answer: {
          en: '<p>Start-ups, small and medium businesses and larger companies in the UK, the Gulf and the wider Middle East. Most of our clients come to us for a website or an app and stay for marketing and support.</p>',
          ar: '<p>نعمل مع الشركات الناشئة والشركات الصغيرة والمتوسطة والشركات الكبرى في المملكة المتحدة والخليج والشرق الأوسط. يأتي معظم عملائنا من أجل موقع أو تطبيق، ثم يستمرون معنا في التسويق والدعم.</p>',
        },
      },
      {
        question: { en: 'Do you work in Arabic and English?', ar: 'هل تعملون باللغتين العربية والإنجليزية؟' },
        answer: {
          en: '<p>Yes. Our team writes, designs and builds in both languages, including right-to-left layouts that feel native rather than mirrored.</p>',
          ar: '<p>نعم. يكتب فريقنا ويصمم ويطوّر باللغتين، بما في ذلك التصاميم من اليمين إلى اليسار التي تبدو طبيعية وليست مجرد انعكاس.</p>',
        },
      },
      {
        question: { en: 'How do we start?', ar: 'كيف نبدأ؟' },
        answer: {
          en: '<p>Send us a message with the form on this page. We reply within one working day to arrange a short call, then send a written proposal with scope, timeline and price.</p>',
          ar: '<p>أرسل لنا رسالة عبر النموذج في هذه الصفحة. نرد خلال يوم عمل واحد لترتيب مكالمة قصيرة، ثم نرسل عرضاً مكتوباً يتضمن النطاق والمدة والسعر.</p>',
        },
      },
      {
        question: { en: 'Where is your team based?', ar: 'أين يقع مقر فريقكم؟' },
        answer: {
          en: '<p>We work remotely across several time zones, so there is always someone available during your working day.</p>',
          ar: '<p>نعمل عن بُعد عبر عدة مناطق زمنية، لذلك يتوفر دائماً من يساعدك خلال ساعات عملك.</p>',
        },
      },
    ],
  },
  {
    key: 'services',
    name: { en: 'Services', ar: 'الخدمات' },
    items: [
      {
        question: { en: 'Can you redesign an existing website?', ar: 'هل يمكنكم إعادة تصميم موقع قائم؟' },
        answer: {
          en: '<p>Yes. We review what works today, keep your content and search rankings, and rebuild the site on a faster, easier-to-edit platform.</p>',
          ar: '<p>نعم. نراجع ما ينجح في موقعك اليوم، ونحافظ على محتواك وترتيبك في محركات البحث، ثم نعيد بناء الموقع على منصة أسرع وأسهل في التعديل.</p>',
        },
      },
      {
        question: {
          en: 'Do you build both iOS and Android apps?',
          ar: 'هل تطوّرون تطبيقات لنظامي iOS وأندرويد؟',
        },
        answer: {
          en: '<p>Yes. We build cross-platform apps from one code base, and native apps when a project needs device features or top performance.</p>',
          ar: '<p>نعم. نطوّر تطبيقات متعددة المنصات من قاعدة برمجية واحدة، وتطبيقات أصلية عندما يحتاج المشروع إلى ميزات الجهاز أو أعلى أداء.</p>',
        },
      },
      {
        question: { en: 'Can I edit the website myself?', ar: 'هل يمكنني تعديل الموقع بنفسي؟' },
        answer: {
          en: '<p>Every website comes with a content management system and a short training session, so your team can update pages, posts and images without us.</p>',
          ar: '<p>يأتي كل موقع مع نظام لإدارة المحتوى وجلسة تدريب قصيرة، ليتمكن فريقك من تحديث الصفحات والمقالات والصور من دوننا.</p>',
        },
      },
      {
        question: { en: 'Do you offer marketing on its own?', ar: 'هل تقدمون خدمات التسويق وحدها؟' },
        answer: {
          en: '<p>Yes. SEO, paid advertising, social media management and content can be ordered separately or combined into a monthly plan.</p>',
          ar: '<p>نعم. يمكن طلب تحسين محركات البحث والإعلانات المدفوعة وإدارة وسائل التواصل الاجتماعي والمحتوى كلٌّ على حدة، أو جمعها في خطة شهرية.</p>',
        },
      },
    ],
  },
  {
    key: 'pricing',
    name: { en: 'Pricing and payment', ar: 'الأسعار والدفع' },
    items: [
      {
        question: { en: 'Are the prices fixed?', ar: 'هل الأسعار ثابتة؟' },
        answer: {
          en: '<p>The plans show what most clients need. After our first call we confirm the price in writing before any work starts, and it does not change unless the scope does.</p>',
          ar: '<p>توضح الخطط ما يحتاجه معظم العملاء. بعد المكالمة الأولى نؤكد السعر كتابياً قبل بدء أي عمل، ولا يتغير إلا إذا تغيّر نطاق العمل.</p>',
        },
      },
      {
        question: { en: 'How do payments work?', ar: 'كيف يتم الدفع؟' },
        answer: {
          en: '<p>One-time projects are paid in stages: a deposit to start, a payment at the design sign-off and the balance at launch. Monthly services are billed at the start of each month.</p>',
          ar: '<p>تُدفع المشاريع لمرة واحدة على مراحل: دفعة مقدمة للبدء، ودفعة عند اعتماد التصميم، والباقي عند الإطلاق. أما الخدمات الشهرية فتُفوتر في بداية كل شهر.</p>',
        },
      },
      {
        question: { en: 'Can I cancel a monthly plan?', ar: 'هل يمكنني إلغاء الخطة الشهرية؟' },
        answer: {
          en: "<p>Yes, with 30 days' notice. There are no long contracts.</p>",
          ar: '<p>نعم، بإشعار مسبق مدته 30 يوماً. لا توجد عقود طويلة.</p>',
        },
      },
    ],
  },
  {
    key: 'support',
    name: { en: 'Support', ar: 'الدعم' },
    items: [
      {
        question: { en: 'What happens after launch?', ar: 'ماذا يحدث بعد الإطلاق؟' },
        answer: {
          en: '<p>Every plan includes a support period for fixes and small changes. After it you can choose a maintenance plan or ask for help when you need it.</p>',
          ar: '<p>تشمل كل خطة فترة دعم للإصلاحات والتعديلات الصغيرة. بعدها يمكنك اختيار خطة صيانة أو طلب المساعدة عند الحاجة.</p>',
        },
      },
      {
        question: { en: 'How fast do you answer support requests?', ar: 'ما سرعة الرد على طلبات الدعم؟' },
        answer: {
          en: '<p>Within one working day, and within four hours for anything that stops your site or app from working.</p>',
          ar: '<p>خلال يوم عمل واحد، وخلال أربع ساعات لأي مشكلة توقف موقعك أو تطبيقك عن العمل.</p>',
        },
      },
      {
        question: { en: 'Do you host websites?', ar: 'هل تستضيفون المواقع؟' },
        answer: {
          en: '<p>We set up fast, secure hosting in your name, so you always own your site and its data, and we can look after it for you.</p>',
          ar: '<p>نجهّز استضافة سريعة وآمنة باسمك، فتبقى مالكاً لموقعك وبياناته دائماً، ويمكننا الاعتناء بها نيابة عنك.</p>',
        },
      },
    ],
  },
];
