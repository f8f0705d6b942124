/**
 * The ten services of the agency (spec section 1), in English and Arabic. Content sections alternate their
 * layout (left, right, left...) in the order given here; the seed sets it.
 */

export interface Localized {
  en: string;
  ar: string;
}

export interface ServiceSeed {
  key: string;
  name: Localized;
  description: Localized;
  hero: { title: Localized; description: Localized };
  sections: { title: Localized; description: Localized; items: Localized[] }[];
}

export function serviceImagePath(key: string): string {
  return `/mf/mf-marketing/images/services/${key}.svg`;
}

export const SERVICE_SEEDS: readonly ServiceSeed[] = [
  {
    key: 'web-development',
    name: { en: 'Web Development', ar: 'تطوير المواقع الإلكترونية' },
    description: {
      en: 'Fast, secure and search-friendly websites built with modern technology, from company sites to online stores and custom web applications.',
      ar: 'مواقع إلكترونية سريعة وآمنة ومتوافقة مع محركات البحث، مبنية بأحدث التقنيات، من مواقع الشركات إلى المتاجر الإلكترونية وتطبيقات الويب المخصصة.',
    },
    hero: {
      title: { en: 'Websites built to grow your business', ar: 'مواقع إلكترونية مصممة لتنمية أعمالك' },
      description: {
        en: 'We plan, design and build websites that load quickly, look right on every screen and turn visitors into customers.',
        ar: 'نخطط لموقعك الإلكتروني ونصممه ونطوره ليعمل بسرعة ويظهر بشكل مثالي على جميع الشاشات ويحوّل الزوار إلى عملاء.',
      },
    },
    sections: [
      {
        title: { en: 'Custom websites', ar: 'مواقع مصممة حسب الطلب' },
        description: {
          en: 'Every site starts from your goals and your audience, not from a template.',
          ar: 'ينطلق كل موقع من أهدافك وجمهورك، لا من قالب جاهز.',
        },
        items: [
          { en: 'Corporate and portfolio websites', ar: 'مواقع الشركات ومعارض الأعمال' },
          { en: 'Landing pages for campaigns', ar: 'صفحات هبوط للحملات التسويقية' },
          {
            en: 'A content management system you can edit yourself',
            ar: 'نظام لإدارة المحتوى يتيح لك التعديل بنفسك',
          },
          {
            en: 'Multilingual and right-to-left support',
            ar: 'دعم تعدد اللغات والكتابة من اليمين إلى اليسار',
          },
        ],
      },
      {
        title: { en: 'E-commerce', ar: 'المتاجر الإلكترونية' },
        description: {
          en: 'Online stores with secure payments, stock management and a smooth checkout.',
          ar: 'متاجر إلكترونية بمدفوعات آمنة وإدارة للمخزون وتجربة شراء سلسة.',
        },
        items: [
          { en: 'Product catalogues and search', ar: 'كتالوجات المنتجات والبحث فيها' },
          { en: 'Local and international payment gateways', ar: 'بوابات دفع محلية ودولية' },
          { en: 'Order, shipping and invoice management', ar: 'إدارة الطلبات والشحن والفواتير' },
        ],
      },
      {
        title: { en: 'Performance and security', ar: 'الأداء والأمان' },
        description: {
          en: 'We build for speed and keep your site safe after launch.',
          ar: 'نبني مواقعنا لتكون سريعة، ونحافظ على أمانها بعد الإطلاق.',
        },
        items: [
          { en: 'Core Web Vitals optimisation', ar: 'تحسين مؤشرات أداء الويب الأساسية' },
          { en: 'SSL, backups and security updates', ar: 'شهادات SSL والنسخ الاحتياطي والتحديثات الأمنية' },
          { en: 'Hosting setup and monitoring', ar: 'إعداد الاستضافة ومراقبتها' },
        ],
      },
      {
        title: { en: 'Support and maintenance', ar: 'الدعم والصيانة' },
        description: {
          en: 'A team on hand for updates, fixes and new features as your business grows.',
          ar: 'فريق جاهز للتحديثات والإصلاحات وإضافة الميزات الجديدة مع نمو أعمالك.',
        },
        items: [
          { en: 'Monthly maintenance plans', ar: 'باقات صيانة شهرية' },
          { en: 'Training for your team', ar: 'تدريب فريق عملك' },
          { en: 'Analytics and reports', ar: 'التحليلات والتقارير' },
        ],
      },
    ],
  },
  {
    key: 'mobile-apps',
    name: { en: 'Mobile App Development', ar: 'تطوير تطبيقات الجوال' },
    description: {
      en: 'Native and cross-platform apps for iOS and Android, designed around your users and built to scale.',
      ar: 'تطبيقات أصلية ومتعددة المنصات لنظامَي iOS وأندرويد، مصممة حول احتياجات مستخدميك وقابلة للتوسع.',
    },
    hero: {
      title: { en: 'Apps your customers will love to use', ar: 'تطبيقات يستمتع عملاؤك باستخدامها' },
      description: {
        en: 'From the first idea to the app stores, we design, develop and launch mobile apps that are fast, reliable and easy to use.',
        ar: 'من الفكرة الأولى حتى النشر في متاجر التطبيقات، نصمم تطبيقات الجوال ونطورها ونطلقها لتكون سريعة وموثوقة وسهلة الاستخدام.',
      },
    },
    sections: [
      {
        title: { en: 'iOS and Android development', ar: 'تطوير تطبيقات iOS وأندرويد' },
        description: {
          en: 'One codebase or fully native: we choose the approach that suits your budget and your users.',
          ar: 'قاعدة برمجية واحدة أو تطوير أصلي بالكامل: نختار النهج الأنسب لميزانيتك ومستخدميك.',
        },
        items: [
          {
            en: 'Cross-platform apps with React Native or Flutter',
            ar: 'تطبيقات متعددة المنصات باستخدام React Native أو Flutter',
          },
          { en: 'Native apps in Swift and Kotlin', ar: 'تطبيقات أصلية بلغتَي Swift وKotlin' },
          { en: 'Tablet and smartwatch support', ar: 'دعم الأجهزة اللوحية والساعات الذكية' },
        ],
      },
      {
        title: { en: 'Backend and integrations', ar: 'الأنظمة الخلفية والتكامل' },
        description: {
          en: 'Secure APIs, user accounts and connections to the tools you already use.',
          ar: 'واجهات برمجية آمنة وحسابات للمستخدمين وربط بالأدوات التي تستخدمها بالفعل.',
        },
        items: [
          { en: 'Push notifications', ar: 'الإشعارات الفورية' },
          { en: 'In-app payments and subscriptions', ar: 'المدفوعات والاشتراكات داخل التطبيق' },
          {
            en: 'Maps, chat and social login',
            ar: 'الخرائط والمحادثات وتسجيل الدخول عبر حسابات التواصل الاجتماعي',
          },
        ],
      },
      {
        title: { en: 'Launch and growth', ar: 'الإطلاق والنمو' },
        description: {
          en: 'We handle the store submission and help you keep improving after release.',
          ar: 'نتولى نشر التطبيق في المتاجر ونساعدك على تطويره باستمرار بعد إطلاقه.',
        },
        items: [
          { en: 'App Store and Google Play publishing', ar: 'النشر على App Store وGoogle Play' },
          { en: 'Crash reports and usage analytics', ar: 'تقارير الأعطال وتحليلات الاستخدام' },
          { en: 'Regular updates and new features', ar: 'تحديثات دورية وميزات جديدة' },
        ],
      },
    ],
  },
  {
    key: 'seo',
    name: { en: 'SEO', ar: 'تحسين محركات البحث (SEO)' },
    description: {
      en: 'Search engine optimisation that raises your rankings and brings in qualified visitors, month after month.',
      ar: 'تحسين لمحركات البحث يرفع ترتيب موقعك ويجلب إليه زيارات مؤهلة تستمر شهراً بعد شهر.',
    },
    hero: {
      title: { en: 'Be found when customers search', ar: 'كن في الصدارة حين يبحث عنك العملاء' },
      description: {
        en: 'We make your site easy for search engines to understand and for people to choose, with clear monthly reports on what changed.',
        ar: 'نجعل موقعك سهل الفهم لمحركات البحث وخياراً مفضلاً للزوار، مع تقارير شهرية واضحة تبيّن ما تحقق من نتائج.',
      },
    },
    sections: [
      {
        title: { en: 'Technical SEO', ar: 'التحسين التقني لمحركات البحث' },
        description: {
          en: 'We fix whatever stops search engines from crawling and indexing your pages.',
          ar: 'نعالج كل ما يمنع محركات البحث من الزحف إلى صفحاتك وأرشفتها.',
        },
        items: [
          { en: 'Site audits and error fixing', ar: 'تدقيق الموقع وإصلاح الأخطاء' },
          { en: 'Page speed and mobile friendliness', ar: 'سرعة الصفحات وملاءمتها للهواتف الذكية' },
          { en: 'Structured data and sitemaps', ar: 'البيانات المنظمة وخرائط الموقع' },
        ],
      },
      {
        title: { en: 'Keyword research and content', ar: 'الكلمات المفتاحية والمحتوى' },
        description: {
          en: 'We find the words your customers use and build content that answers their questions.',
          ar: 'نحدد الكلمات التي يستخدمها عملاؤك في البحث، ونبني محتوى يجيب عن أسئلتهم.',
        },
        items: [
          { en: 'Keyword and competitor analysis', ar: 'تحليل الكلمات المفتاحية والمنافسين' },
          { en: 'On-page optimisation', ar: 'تحسين عناصر الصفحات' },
          { en: 'Content plans for your blog and landing pages', ar: 'خطط محتوى للمدونة وصفحات الهبوط' },
        ],
      },
      {
        title: { en: 'Local SEO', ar: 'الظهور في نتائج البحث المحلية' },
        description: {
          en: 'Appear in map results and local searches in the areas you serve.',
          ar: 'اظهر في نتائج الخرائط وعمليات البحث المحلية في المناطق التي تخدمها.',
        },
        items: [
          { en: 'Google Business Profile optimisation', ar: 'تحسين ملفك التجاري على Google' },
          { en: 'Local directory listings', ar: 'الإدراج في الأدلة التجارية المحلية' },
          { en: 'Review management', ar: 'إدارة تقييمات العملاء' },
        ],
      },
      {
        title: { en: 'Link building and reporting', ar: 'بناء الروابط والتقارير' },
        description: {
          en: 'We earn links from trusted sites and track progress with honest, easy-to-read reports.',
          ar: 'نكسب لموقعك روابط من مصادر موثوقة، ونتابع التقدم بتقارير صادقة وسهلة القراءة.',
        },
        items: [
          { en: 'Outreach and digital PR', ar: 'التواصل مع المواقع والعلاقات العامة الرقمية' },
          { en: 'Monthly ranking and traffic reports', ar: 'تقارير شهرية عن الترتيب والزيارات' },
        ],
      },
    ],
  },
  {
    key: 'paid-advertising',
    name: { en: 'Paid Advertising', ar: 'الإعلانات المدفوعة' },
    description: {
      en: 'Targeted campaigns on Google, Meta, TikTok and LinkedIn that reach the right people and get the most from your budget.',
      ar: 'حملات موجّهة على Google وMeta وTikTok وLinkedIn تصل إلى الجمهور المناسب وتحقق أقصى استفادة من ميزانيتك.',
    },
    hero: {
      title: { en: 'Ads that pay for themselves', ar: 'إعلانات يفوق عائدها تكلفتها' },
      description: {
        en: 'We plan, launch and optimise paid campaigns with one aim: more leads and sales for less spend.',
        ar: 'نخطط للحملات المدفوعة ونطلقها ونحسّنها بهدف واحد: عملاء محتملون ومبيعات أكثر بتكلفة أقل.',
      },
    },
    sections: [
      {
        title: { en: 'Search advertising', ar: 'إعلانات محركات البحث' },
        description: {
          en: 'Show up at the top of Google at the moment people search for what you offer.',
          ar: 'اظهر في أعلى نتائج Google في اللحظة التي يبحث فيها الناس عمّا تقدمه.',
        },
        items: [
          { en: 'Google Ads search and shopping campaigns', ar: 'حملات البحث والتسوق على Google Ads' },
          { en: 'Keyword bidding strategy', ar: 'استراتيجية المزايدة على الكلمات المفتاحية' },
          { en: 'Ad copy testing', ar: 'اختبار نصوص الإعلانات' },
        ],
      },
      {
        title: { en: 'Social media ads', ar: 'إعلانات وسائل التواصل الاجتماعي' },
        description: {
          en: 'Reach new audiences on the platforms where they spend their time.',
          ar: 'صِل إلى جماهير جديدة على المنصات التي يقضون فيها أوقاتهم.',
        },
        items: [
          { en: 'Facebook and Instagram campaigns', ar: 'حملات فيسبوك وإنستغرام' },
          { en: 'TikTok and Snapchat ads', ar: 'إعلانات تيك توك وسناب شات' },
          { en: 'LinkedIn ads for business audiences', ar: 'إعلانات لينكدإن لاستهداف قطاع الأعمال' },
        ],
      },
      {
        title: { en: 'Retargeting', ar: 'إعادة الاستهداف' },
        description: {
          en: 'Bring back visitors who showed interest but have not bought yet.',
          ar: 'أعد جذب الزوار الذين أبدوا اهتماماً ولم يشتروا بعد.',
        },
        items: [
          { en: 'Audience segments', ar: 'تقسيم الجمهور إلى شرائح' },
          { en: 'Dynamic product ads', ar: 'إعلانات المنتجات الديناميكية' },
        ],
      },
      {
        title: { en: 'Tracking and optimisation', ar: 'التتبع والتحسين' },
        description: {
          en: 'Every campaign is measured, so the budget moves to what works.',
          ar: 'نقيس أداء كل حملة لنوجّه الميزانية نحو ما يحقق النتائج.',
        },
        items: [
          { en: 'Conversion tracking setup', ar: 'إعداد تتبع التحويلات' },
          { en: 'A/B testing of ads and landing pages', ar: 'اختبارات A/B للإعلانات وصفحات الهبوط' },
          { en: 'Weekly performance reports', ar: 'تقارير أداء أسبوعية' },
        ],
      },
    ],
  },
  {
    key: 'digital-marketing',
    name: { en: 'Digital Marketing', ar: 'التسويق الرقمي' },
    description: {
      en: 'A joined-up marketing plan across search, social media, e-mail and content, built around clear goals and measurable results.',
      ar: 'خطة تسويقية متكاملة تشمل محركات البحث ووسائل التواصل الاجتماعي والبريد الإلكتروني والمحتوى، مبنية على أهداف واضحة ونتائج قابلة للقياس.',
    },
    hero: {
      title: { en: 'Marketing that brings real results', ar: 'تسويق يحقق نتائج ملموسة' },
      description: {
        en: 'We combine strategy, content and data to grow your audience, your leads and your sales.',
        ar: 'نجمع بين الاستراتيجية والمحتوى والبيانات لتنمية جمهورك وزيادة عملائك المحتملين ومبيعاتك.',
      },
    },
    sections: [
      {
        title: { en: 'Strategy and planning', ar: 'الاستراتيجية والتخطيط' },
        description: {
          en: 'We study your market and competitors, then set goals and a plan to reach them.',
          ar: 'ندرس سوقك ومنافسيك، ثم نضع الأهداف وخطة واضحة لتحقيقها.',
        },
        items: [
          { en: 'Market and audience research', ar: 'دراسة السوق والجمهور' },
          { en: 'Channel and budget planning', ar: 'تخطيط القنوات والميزانية' },
          { en: 'Customer journey mapping', ar: 'رسم رحلة العميل' },
        ],
      },
      {
        title: { en: 'Content marketing', ar: 'التسويق بالمحتوى' },
        description: {
          en: 'Useful articles, guides and videos that build trust and bring visitors back.',
          ar: 'مقالات وأدلة ومقاطع فيديو مفيدة تبني الثقة وتعيد الزوار إلى موقعك.',
        },
        items: [
          { en: 'Editorial calendar', ar: 'تقويم تحريري' },
          { en: 'Blog articles and guides', ar: 'مقالات المدونة والأدلة الإرشادية' },
          {
            en: 'Infographics and downloadable resources',
            ar: 'الرسوم المعلوماتية والموارد القابلة للتنزيل',
          },
        ],
      },
      {
        title: { en: 'E-mail marketing', ar: 'التسويق عبر البريد الإلكتروني' },
        description: {
          en: 'Newsletters and automated messages that keep customers engaged.',
          ar: 'نشرات بريدية ورسائل آلية تحافظ على تفاعل عملائك.',
        },
        items: [
          { en: 'Welcome and follow-up sequences', ar: 'سلاسل رسائل الترحيب والمتابعة' },
          { en: 'Newsletter design', ar: 'تصميم النشرات البريدية' },
          { en: 'Subscriber list growth and segmentation', ar: 'تنمية قوائم المشتركين وتقسيمها' },
        ],
      },
      {
        title: { en: 'Analytics and reporting', ar: 'التحليلات والتقارير' },
        description: {
          en: 'Clear dashboards that show what each channel brings in.',
          ar: 'لوحات متابعة واضحة تبيّن ما تحققه كل قناة.',
        },
        items: [
          { en: 'Google Analytics setup', ar: 'إعداد Google Analytics' },
          { en: 'Monthly results review', ar: 'مراجعة شهرية للنتائج' },
        ],
      },
    ],
  },
  {
    key: 'social-media-management',
    name: { en: 'Social Media Management', ar: 'إدارة وسائل التواصل الاجتماعي' },
    description: {
      en: 'Consistent, on-brand content and active community management across Instagram, Facebook, X, TikTok and LinkedIn.',
      ar: 'محتوى منتظم يعكس هوية علامتك التجارية، وإدارة نشطة للتفاعل مع جمهورك على إنستغرام وفيسبوك وإكس وتيك توك ولينكدإن.',
    },
    hero: {
      title: { en: 'Build a community around your brand', ar: 'ابنِ مجتمعاً حول علامتك التجارية' },
      description: {
        en: 'We plan, create and publish content that starts conversations, and we answer your audience on time.',
        ar: 'نخطط للمحتوى وننتجه وننشره ليفتح باب الحوار مع جمهورك، ونرد على متابعيك في الوقت المناسب.',
      },
    },
    sections: [
      {
        title: { en: 'Content creation', ar: 'صناعة المحتوى' },
        description: {
          en: 'Posts, stories and short videos designed for each platform.',
          ar: 'منشورات وقصص ومقاطع فيديو قصيرة مصممة خصيصاً لكل منصة.',
        },
        items: [
          { en: 'Monthly content calendar', ar: 'تقويم محتوى شهري' },
          { en: 'Graphic design and copywriting', ar: 'التصميم الجرافيكي وكتابة النصوص' },
          { en: 'Reels and short videos', ar: 'مقاطع الريلز والفيديوهات القصيرة' },
        ],
      },
      {
        title: { en: 'Community management', ar: 'إدارة التفاعل مع الجمهور' },
        description: {
          en: 'We reply to comments and messages in a friendly, professional tone.',
          ar: 'نرد على التعليقات والرسائل بأسلوب ودود واحترافي.',
        },
        items: [
          { en: 'Daily monitoring', ar: 'متابعة يومية' },
          { en: 'Replies in Arabic and English', ar: 'الرد باللغتين العربية والإنجليزية' },
          { en: 'Handling complaints with care', ar: 'التعامل مع الشكاوى بعناية' },
        ],
      },
      {
        title: { en: 'Growth and reporting', ar: 'النمو والتقارير' },
        description: {
          en: 'We track reach and engagement and adjust the plan every month.',
          ar: 'نتابع مدى الوصول ومعدلات التفاعل، ونعدّل الخطة كل شهر.',
        },
        items: [
          { en: 'Hashtag and trend research', ar: 'رصد الوسوم والموضوعات الرائجة' },
          { en: 'Influencer collaborations', ar: 'التعاون مع المؤثرين' },
          { en: 'Monthly performance reports', ar: 'تقارير أداء شهرية' },
        ],
      },
    ],
  },
  {
    key: 'branding',
    name: { en: 'Branding', ar: 'بناء العلامة التجارية' },
    description: {
      en: 'Memorable brand identities, from logo, colours and typography to tone of voice, that make your business easy to recognise and trust.',
      ar: 'هويات تجارية لا تُنسى، من الشعار والألوان والخطوط إلى أسلوب الخطاب، تجعل نشاطك التجاري سهل التمييز وجديراً بالثقة.',
    },
    hero: {
      title: { en: 'A brand people remember', ar: 'علامة تجارية راسخة في الأذهان' },
      description: {
        en: 'We shape how your business looks, sounds and feels, so every touchpoint tells the same story.',
        ar: 'نصوغ مظهر نشاطك التجاري وصوته والانطباع الذي يتركه، لتروي كل نقطة تواصل مع عملائك القصة نفسها.',
      },
    },
    sections: [
      {
        title: { en: 'Brand strategy', ar: 'استراتيجية العلامة التجارية' },
        description: {
          en: 'We define your positioning, values and personality before drawing a single line.',
          ar: 'نحدد موقعك في السوق وقيمك وشخصية علامتك قبل أن نرسم خطاً واحداً.',
        },
        items: [
          { en: 'Workshops with your team', ar: 'ورش عمل مع فريقك' },
          { en: 'Audience and competitor research', ar: 'دراسة الجمهور والمنافسين' },
          { en: 'Brand story and tone of voice', ar: 'قصة العلامة التجارية وأسلوب خطابها' },
        ],
      },
      {
        title: { en: 'Visual identity', ar: 'الهوية البصرية' },
        description: {
          en: 'A logo and visual system that work everywhere, from a phone screen to a shop sign.',
          ar: 'شعار ونظام بصري يعملان بكفاءة في كل مكان، من شاشة الهاتف إلى لافتة المتجر.',
        },
        items: [
          { en: 'Logo design and variations', ar: 'تصميم الشعار وصيغه المختلفة' },
          { en: 'Colour palette and typography', ar: 'لوحة الألوان والخطوط' },
          { en: 'Matching Arabic and Latin lettering', ar: 'خطوط عربية ولاتينية متناسقة' },
        ],
      },
      {
        title: { en: 'Brand guidelines', ar: 'دليل الهوية' },
        description: {
          en: 'A clear guide so your team and partners use the brand consistently.',
          ar: 'دليل واضح يضمن أن يستخدم فريقك وشركاؤك الهوية بصورة متسقة.',
        },
        items: [
          { en: 'Brand book', ar: 'كتيّب الهوية' },
          { en: 'Stationery and business cards', ar: 'المطبوعات وبطاقات العمل' },
          { en: 'Social media templates', ar: 'قوالب لوسائل التواصل الاجتماعي' },
        ],
      },
    ],
  },
  {
    key: 'ui-ux-design',
    name: { en: 'UI/UX Design', ar: 'تصميم واجهات وتجربة المستخدم' },
    description: {
      en: 'Research-led interface design for websites and apps that is clear, accessible and pleasant to use.',
      ar: 'تصميم واجهات للمواقع والتطبيقات قائم على البحث، يتسم بالوضوح وسهولة الوصول ويمنح تجربة استخدام ممتعة.',
    },
    hero: {
      title: { en: 'Design that feels effortless', ar: 'تصميم يجعل الاستخدام سهلاً وبديهياً' },
      description: {
        en: 'We turn complex journeys into simple screens, tested with real users before a line of code is written.',
        ar: 'نحوّل المسارات المعقدة إلى شاشات بسيطة، ونختبرها مع مستخدمين حقيقيين قبل كتابة أي سطر برمجي.',
      },
    },
    sections: [
      {
        title: { en: 'User research', ar: 'أبحاث المستخدمين' },
        description: {
          en: 'We learn how your users think, what they need and where they get stuck.',
          ar: 'نتعرف على طريقة تفكير مستخدميك واحتياجاتهم والمواضع التي يتعثرون فيها.',
        },
        items: [
          { en: 'Interviews and surveys', ar: 'المقابلات والاستبيانات' },
          { en: 'User personas and journey maps', ar: 'شخصيات المستخدمين وخرائط رحلاتهم' },
          { en: 'Usability audits', ar: 'تقييم سهولة الاستخدام' },
        ],
      },
      {
        title: { en: 'Wireframes and prototypes', ar: 'المخططات الأولية والنماذج التفاعلية' },
        description: {
          en: 'Clickable prototypes let you try the product before it is built.',
          ar: 'تتيح لك النماذج التفاعلية تجربة المنتج قبل بنائه.',
        },
        items: [
          { en: 'Information architecture', ar: 'هيكلة المعلومات' },
          { en: 'Simple and detailed wireframes', ar: 'مخططات أولية مبسطة ومفصلة' },
          { en: 'Interactive prototypes in Figma', ar: 'نماذج تفاعلية على Figma' },
        ],
      },
      {
        title: { en: 'Interface design', ar: 'تصميم الواجهات' },
        description: {
          en: 'Polished screens and a design system your developers can build from.',
          ar: 'شاشات متقنة ونظام تصميم يعتمد عليه المطورون في التنفيذ.',
        },
        items: [
          { en: 'Design systems and component libraries', ar: 'أنظمة التصميم ومكتبات المكونات' },
          { en: 'Accessibility to WCAG standards', ar: 'سهولة الوصول وفق معايير WCAG' },
          { en: 'Right-to-left layouts for Arabic', ar: 'تخطيطات من اليمين إلى اليسار للغة العربية' },
        ],
      },
      {
        title: { en: 'Usability testing', ar: 'اختبار سهولة الاستخدام' },
        description: {
          en: 'We watch real people use the design and refine it based on what we see.',
          ar: 'نراقب أشخاصاً حقيقيين أثناء استخدامهم التصميم، ونحسّنه بناءً على ما نلاحظه.',
        },
        items: [
          { en: 'Moderated and remote tests', ar: 'اختبارات بإشراف مباشر وأخرى عن بُعد' },
          { en: 'A findings report ranked by priority', ar: 'تقرير بالنتائج مرتب حسب الأولوية' },
        ],
      },
    ],
  },
  {
    key: 'video-editing',
    name: { en: 'Video Editing', ar: 'مونتاج الفيديو' },
    description: {
      en: 'Professional editing for ads, social media, interviews and corporate films, with colour, sound and subtitles included.',
      ar: 'مونتاج احترافي للإعلانات ومحتوى وسائل التواصل الاجتماعي والمقابلات والأفلام التعريفية للشركات، يشمل تصحيح الألوان ومعالجة الصوت والترجمة النصية.',
    },
    hero: {
      title: { en: 'Turn raw footage into stories', ar: 'نحوّل لقطاتك الخام إلى قصص مؤثرة' },
      description: {
        en: 'Send us your footage and we return polished videos, ready for every platform and on time.',
        ar: 'أرسل إلينا لقطاتك، ونعيدها إليك مقاطع فيديو متقنة وجاهزة للنشر على كل المنصات في الموعد المحدد.',
      },
    },
    sections: [
      {
        title: { en: 'Editing and storytelling', ar: 'المونتاج وسرد القصة' },
        description: {
          en: 'We cut for rhythm and clarity so your message lands in the first seconds.',
          ar: 'نقطّع اللقطات بإيقاع مدروس ووضوح، لتصل رسالتك منذ الثواني الأولى.',
        },
        items: [
          { en: 'Promotional and advertising videos', ar: 'فيديوهات ترويجية وإعلانية' },
          { en: 'Interviews and customer testimonials', ar: 'المقابلات وشهادات العملاء' },
          { en: 'Event highlights', ar: 'أبرز لقطات الفعاليات' },
        ],
      },
      {
        title: { en: 'Colour and sound', ar: 'الألوان والصوت' },
        description: {
          en: 'Consistent colour and clean audio give every video a professional finish.',
          ar: 'تمنح الألوانُ المتناسقة والصوتُ النقي كلَّ فيديو لمسة احترافية.',
        },
        items: [
          { en: 'Colour correction and grading', ar: 'تصحيح الألوان ومعالجتها' },
          { en: 'Noise reduction and audio mixing', ar: 'إزالة الضوضاء ومزج الصوت' },
          { en: 'Licensed music and sound effects', ar: 'موسيقى ومؤثرات صوتية مرخّصة' },
        ],
      },
      {
        title: { en: 'Subtitles and formats', ar: 'الترجمة النصية والمقاسات' },
        description: {
          en: 'Every video delivered in the sizes and languages you need.',
          ar: 'نسلّم كل فيديو بالمقاسات واللغات التي تحتاجها.',
        },
        items: [
          { en: 'Arabic and English subtitles', ar: 'ترجمة نصية بالعربية والإنجليزية' },
          { en: 'Vertical, square and widescreen versions', ar: 'نسخ عمودية ومربعة وعريضة' },
          { en: 'YouTube thumbnails', ar: 'صور مصغّرة لقناتك على يوتيوب' },
        ],
      },
    ],
  },
  {
    key: 'motion-graphics',
    name: { en: 'Motion Graphics', ar: 'الموشن جرافيك' },
    description: {
      en: 'Animated explainers, logo animations and social clips that make complex ideas simple and grab attention.',
      ar: 'فيديوهات توضيحية متحركة وتحريك للشعارات ومقاطع قصيرة لوسائل التواصل الاجتماعي، تبسّط الأفكار المعقدة وتلفت الانتباه.',
    },
    hero: {
      title: { en: 'Ideas in motion', ar: 'أفكارك تنبض بالحركة' },
      description: {
        en: 'We script, illustrate and animate videos that explain your product in seconds and stay in the memory.',
        ar: 'نكتب السيناريو ونرسم ونحرّك مقاطع فيديو تشرح منتجك في ثوانٍ وتبقى عالقة في الذاكرة.',
      },
    },
    sections: [
      {
        title: { en: 'Explainer videos', ar: 'الفيديوهات التوضيحية' },
        description: {
          en: 'Short animated films that show what you do and why it matters.',
          ar: 'أفلام متحركة قصيرة تعرض ما تقدمه ولماذا يهم عملاءك.',
        },
        items: [
          { en: 'Script and storyboard', ar: 'كتابة السيناريو ورسم القصة المصورة' },
          { en: 'Custom illustrations', ar: 'رسوم توضيحية مخصصة' },
          {
            en: 'Professional voice-over in Arabic and English',
            ar: 'تعليق صوتي احترافي بالعربية والإنجليزية',
          },
        ],
      },
      {
        title: { en: 'Logo and brand animation', ar: 'تحريك الشعار وعناصر الهوية' },
        description: {
          en: 'Bring your logo and brand elements to life for intros, ads and presentations.',
          ar: 'نبثّ الحياة في شعارك وعناصر هويتك لاستخدامها في المقدمات والإعلانات والعروض التقديمية.',
        },
        items: [
          { en: 'Animated logo reveals', ar: 'ظهور متحرك للشعار' },
          { en: 'Animated icons and transitions', ar: 'أيقونات وانتقالات متحركة' },
          { en: 'Reusable templates for your team', ar: 'قوالب قابلة لإعادة الاستخدام لفريقك' },
        ],
      },
      {
        title: { en: 'Social and advertising clips', ar: 'مقاطع للإعلانات ووسائل التواصل' },
        description: {
          en: 'Eye-catching animations sized for every platform.',
          ar: 'رسوم متحركة لافتة للنظر بمقاسات تناسب كل منصة.',
        },
        items: [
          { en: 'Animated posts and stories', ar: 'منشورات وقصص متحركة' },
          { en: 'Product and app demos', ar: 'عروض توضيحية للمنتجات والتطبيقات' },
          { en: '2D and 3D animation', ar: 'رسوم متحركة ثنائية وثلاثية الأبعاد' },
        ],
      },
    ],
  },
];
