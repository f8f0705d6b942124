import type { Language } from '@agency/core/language';

/** One project of the seed in both languages: written for each language's readers, linked as translations. */
export interface PortfolioSeed {
  category: string;
  link: string;
  /** Poster seeds (db/seed/poster-images.ts) of the cover and of each gallery image. */
  cover: number;
  gallery: readonly number[];
  text: Readonly<
    Record<
      Language,
      {
        title: string;
        slug: string;
        client: string;
        coverAlt: string;
        galleryAlts: readonly string[];
        summary: string;
        body: string;
        seoTitle: string;
        seoDescription: string;
      }
    >
  >;
}

/**
 * The two projects the portfolio showed before it was editable (Design: a bakery chain's identity and a coffee
 * roaster's packaging), now with their own pages.
 */
export const PORTFOLIO_SEEDS: readonly PortfolioSeed[] = [
  {
    category: 'design',
    link: 'https://drive.google.com/drive/folders/agency-portfolio-brand-identity',
    cover: 101,
    gallery: [102, 103],
    text: {
      en: {
        title: 'Brand identity for a bakery chain',
        slug: 'bakery-chain-brand-identity',
        client: 'Golden Crust Bakeries',
        coverAlt: 'The new bakery logo in warm gold on a deep blue background',
        galleryAlts: ['Paper bags and boxes in the new colours', 'The shop sign and menu boards'],
        summary:
          'A warm, modern identity for twelve neighbourhood bakeries: logo, colours, packaging and shop signs.',
        body: `<h2>The brief</h2>
<p>Golden Crust had grown from one shop to twelve, each with its own sign and its own bags. Customers did not know the shops belonged together.</p>
<h2>What we did</h2>
<ul>
<li>A logo drawn from the shape of a fresh loaf, in English and Arabic</li>
<li>A palette of warm gold and deep blue that works on paper and on screens</li>
<li>Bags, boxes, labels and menu boards in one system</li>
</ul>
<h2>The result</h2>
<p>All twelve shops changed over in six weeks. Six months later, the chain's loyalty card had twice as many members.</p>`,
        seoTitle: 'Bakery chain brand identity',
        seoDescription:
          'How we gave twelve neighbourhood bakeries one warm, modern identity: logo, colours, packaging and signs.',
      },
      ar: {
        title: 'هوية بصرية لسلسلة مخابز',
        slug: 'هوية-بصرية-لسلسلة-مخابز',
        client: 'مخابز القشرة الذهبية',
        coverAlt: 'شعار المخبز الجديد باللون الذهبي الدافئ على خلفية زرقاء داكنة',
        galleryAlts: ['أكياس وعلب ورقية بالألوان الجديدة', 'لافتة المحل ولوحات القائمة'],
        summary: 'هوية دافئة وعصرية لاثني عشر مخبزًا في الأحياء: الشعار والألوان والتغليف ولافتات المحلات.',
        body: `<h2>المطلوب</h2>
<p>كبرت القشرة الذهبية من محل واحد إلى اثني عشر محلًا، لكل منها لافتته وأكياسه. لم يكن الزبائن يعرفون أن المحلات تنتمي إلى سلسلة واحدة.</p>
<h2>ما قمنا به</h2>
<ul>
<li>شعار مستوحى من شكل رغيف طازج، بالعربية والإنجليزية</li>
<li>ألوان من الذهبي الدافئ والأزرق الداكن تصلح للورق والشاشات</li>
<li>أكياس وعلب وملصقات ولوحات قائمة بنظام واحد</li>
</ul>
<h2>النتيجة</h2>
<p>تحوّلت المحلات الاثنا عشر إلى الهوية الجديدة خلال ستة أسابيع، وبعد ستة أشهر تضاعف عدد المشتركين في بطاقة الولاء.</p>`,
        seoTitle: 'هوية بصرية لسلسلة مخابز',
        seoDescription:
          'كيف منحنا اثني عشر مخبزًا هوية واحدة دافئة وعصرية: الشعار والألوان والتغليف واللافتات.',
      },
    },
  },
  {
    category: 'design',
    link: 'https://drive.google.com/drive/folders/agency-portfolio-packaging',
    cover: 104,
    gallery: [105, 106],
    text: {
      en: {
        title: 'Packaging for a coffee roaster',
        slug: 'coffee-roaster-packaging',
        client: 'Bayt Al Bunn Roasters',
        coverAlt: 'Coffee bags in three colours, one for each roast',
        galleryAlts: [
          'The label of the dark roast, with its tasting notes',
          'A gift box of three small bags',
        ],
        summary: 'Bags, labels and gift boxes for a speciality roaster, with a colour for each roast.',
        body: `<h2>The brief</h2>
<p>Bayt Al Bunn roasts its coffee in small batches. Its plain brown bags looked like every other coffee on the shelf.</p>
<h2>What we did</h2>
<p>We gave each roast its own colour and wrote its tasting notes on the front in both languages, so a customer can choose at a glance. The bags are recyclable paper with a compostable valve.</p>
<h2>The result</h2>
<p>The new bags reached the first cafés within two months, and the gift box sold out in its first Ramadan.</p>`,
        seoTitle: 'Coffee roaster packaging',
        seoDescription:
          'Bags, labels and gift boxes for a speciality coffee roaster, with a colour for each roast.',
      },
      ar: {
        title: 'تغليف لمحمصة قهوة',
        slug: 'تغليف-لمحمصة-قهوة',
        client: 'محمصة بيت البن',
        coverAlt: 'أكياس قهوة بثلاثة ألوان، لون لكل درجة تحميص',
        galleryAlts: ['ملصق التحميص الداكن مع وصف نكهاته', 'علبة هدايا فيها ثلاثة أكياس صغيرة'],
        summary: 'أكياس وملصقات وعلب هدايا لمحمصة قهوة مختصة، بلون لكل درجة تحميص.',
        body: `<h2>المطلوب</h2>
<p>تحمّص بيت البن قهوتها على دفعات صغيرة، لكن أكياسها البنية البسيطة كانت تشبه كل قهوة أخرى على الرف.</p>
<h2>ما قمنا به</h2>
<p>منحنا كل درجة تحميص لونها الخاص، وكتبنا وصف نكهاتها على الواجهة باللغتين ليختار الزبون بنظرة واحدة. الأكياس من ورق قابل لإعادة التدوير.</p>
<h2>النتيجة</h2>
<p>وصلت الأكياس الجديدة إلى أول المقاهي خلال شهرين، ونفدت علبة الهدايا في أول رمضان لها.</p>`,
        seoTitle: 'تغليف لمحمصة قهوة',
        seoDescription: 'أكياس وملصقات وعلب هدايا لمحمصة قهوة مختصة، بلون لكل درجة تحميص.',
      },
    },
  },
];
