import type { PostSeed } from './posts';

/**
 * English sample posts, one or two per service the agency sells. `daysAgo` places each in the past (or, when
 * negative, in the future) relative to the day the seed runs, so the list always looks current.
 */
export const EN_POSTS: readonly PostSeed[] = [
  {
    title: 'Core Web Vitals explained for business owners',
    description:
      'Google measures how fast and stable your pages feel to real visitors. Here is what the three numbers mean and which fixes pay off first.',
    seoTitle: 'Core Web Vitals explained for business owners',
    seoDescription:
      'What LCP, INP and CLS measure, why they affect sales and rankings, and the fixes that improve them first.',
    daysAgo: 4,
    content: `<p>Every visitor judges your website in the first few seconds. Google turns that first impression into three numbers called <strong>Core Web Vitals</strong>, and it uses them as one of many signals when it ranks pages.</p>
<h2>The three numbers</h2>
<ul>
<li><strong>Largest Contentful Paint (LCP)</strong>: how long the main image or heading takes to appear. Aim for under 2.5 seconds.</li>
<li><strong>Interaction to Next Paint (INP)</strong>: how quickly the page reacts when someone taps or types. Aim for under 200 milliseconds.</li>
<li><strong>Cumulative Layout Shift (CLS)</strong>: how much the content jumps around while it loads. Aim for under 0.1.</li>
</ul>
<h2>Fixes that pay off first</h2>
<ol>
<li>Compress and correctly size your images, and serve them in a modern format such as WebP or AVIF.</li>
<li>Reserve space for images, videos and banners so nothing pushes the text down.</li>
<li>Remove scripts you no longer use, especially old tracking tags and chat widgets.</li>
<li>Use a host and a content delivery network close to your customers.</li>
</ol>
<p>You can check your own scores for free with <a href="https://pagespeed.web.dev/">PageSpeed Insights</a>. If the report looks like a wall of red, <a href="/contact">talk to our web team</a>: most sites improve noticeably within two weeks.</p>`,
  },
  {
    title: 'Native or cross-platform? Choosing the right approach for your app',
    story: 'native-or-cross-platform',
    description:
      'Swift and Kotlin, or one shared codebase with Flutter or React Native? We compare cost, speed and user experience.',
    seoTitle: 'Native vs cross-platform mobile apps: how to choose',
    seoDescription:
      'A practical comparison of native and cross-platform mobile development: budget, time to market, performance and maintenance.',
    daysAgo: 13,
    content: `<p>The first big decision in any mobile project is how to build it. There is no single right answer, but there is usually a right answer <em>for your project</em>.</p>
<h2>When native makes sense</h2>
<p>Native apps are written separately for iOS (Swift) and Android (Kotlin). They get new platform features first and give you the smoothest animations and the deepest access to the camera, sensors and background tasks.</p>
<ul>
<li>Your app relies on heavy graphics, augmented reality or real-time audio.</li>
<li>You need features the day Apple or Google announce them.</li>
<li>You have the budget for two specialised teams.</li>
</ul>
<h2>When cross-platform wins</h2>
<p>Frameworks such as <a href="https://flutter.dev/">Flutter</a> and <a href="https://reactnative.dev/">React Native</a> share most of the code between both platforms. For the majority of business apps (bookings, ordering, loyalty, customer portals) users cannot tell the difference.</p>
<ul>
<li>Launch on both stores at the same time.</li>
<li>One team, one codebase, one set of tests.</li>
<li>Roughly 30 to 40 percent lower development cost.</li>
</ul>
<h2>Our advice</h2>
<p>Start from your users and your roadmap, not from the technology. We run a short discovery workshop before every project to map the features, then recommend the approach with the lowest total cost over three years.</p>`,
  },
  {
    title: 'A technical SEO checklist to work through before your next article',
    description:
      'Great content cannot rank if search engines struggle to crawl your site. Ten checks that fix the foundations.',
    seoTitle: 'Technical SEO checklist: 10 checks before you publish',
    seoDescription:
      'Crawlability, indexing, speed, structured data and more: a ten-point technical SEO checklist for small business websites.',
    daysAgo: 22,
    content: `<p>Many businesses publish article after article and wonder why traffic stays flat. Often the problem is not the writing but the site underneath it. Work through this list once and every future article starts with an advantage.</p>
<h2>Crawling and indexing</h2>
<ol>
<li>Submit an XML sitemap in <a href="https://search.google.com/search-console/about">Google Search Console</a>.</li>
<li>Check that robots.txt does not block important sections.</li>
<li>Make sure each page has one canonical address (with or without www, never both).</li>
<li>Fix broken internal links and long redirect chains.</li>
</ol>
<h2>On every page</h2>
<ol>
<li>A unique title under 60 characters and a meta description under 160.</li>
<li>One clear main heading that matches what people search for.</li>
<li>Descriptive alt text on images.</li>
</ol>
<h2>Site-wide</h2>
<ol>
<li>HTTPS everywhere, with no mixed content warnings.</li>
<li>Fast pages on mobile (see our guide to Core Web Vitals).</li>
<li>Structured data for your organisation, products and articles.</li>
</ol>
<p>None of these steps is glamorous, but together they often lift rankings within a few weeks. Our <a href="/services/seo">SEO team</a> can run a full audit and hand you a prioritised plan.</p>`,
  },
  {
    title: 'Getting more from a small Google Ads budget',
    story: 'small-ads-budget',
    description:
      'You do not need a large budget to win with search ads. You need focus. Six tactics we use with every new account.',
    seoTitle: 'How to get more from a small Google Ads budget',
    seoDescription:
      'Six practical tactics to stretch a small Google Ads budget: tight keywords, negative lists, ad schedules and landing pages.',
    daysAgo: 34,
    content: `<p>With a budget of a few hundred pounds a month, every wasted click hurts. The good news is that small accounts are easier to control, and control is what makes paid search profitable.</p>
<h2>Six tactics that work</h2>
<ol>
<li><strong>Start narrow.</strong> Pick the five to ten searches that most clearly signal buying intent, and ignore the rest for now.</li>
<li><strong>Build a negative keyword list.</strong> Exclude words such as "free", "jobs" and "course" from day one.</li>
<li><strong>Schedule your ads.</strong> Show them only when you can answer the phone or reply to messages.</li>
<li><strong>Target by location.</strong> Limit ads to the areas you actually serve.</li>
<li><strong>Write one landing page per offer.</strong> Sending every click to your home page is the fastest way to lose money.</li>
<li><strong>Track real conversions.</strong> Calls, forms and purchases, not just clicks.</li>
</ol>
<h2>Review every week</h2>
<p>Look at the search terms report, add new negatives and move budget towards the keywords that produce enquiries. Google's own <a href="https://support.google.com/google-ads/">help centre</a> explains each report in detail.</p>
<p>If you would rather spend that hour with your customers, our <a href="/services/paid-advertising">paid advertising team</a> manages accounts of every size.</p>`,
  },
  {
    title: 'Building a marketing funnel that actually converts',
    description:
      'Awareness, interest, decision, action: how to plan content and offers for each stage of your customer journey.',
    seoTitle: 'How to build a marketing funnel that converts',
    seoDescription:
      'Plan content, offers and follow-up for every stage of the funnel, and measure where prospects drop out.',
    daysAgo: 47,
    content: `<p>A marketing funnel is simply the path a stranger takes to become a customer. When sales are slow, the funnel usually leaks at one particular stage, and finding that stage is half the work.</p>
<h2>The four stages</h2>
<ul>
<li><strong>Awareness</strong>: people discover you through search, social media or a recommendation.</li>
<li><strong>Interest</strong>: they read a guide, watch a video or follow your account.</li>
<li><strong>Decision</strong>: they compare prices, read reviews and look at your portfolio.</li>
<li><strong>Action</strong>: they call, book or buy.</li>
</ul>
<h2>Content for each stage</h2>
<p>Awareness needs helpful articles and short videos. Interest needs something worth subscribing for, such as a checklist or a newsletter. Decision needs case studies, clear pricing and honest answers to common questions. Action needs a simple form and a fast reply.</p>
<h2>Measure the leaks</h2>
<ol>
<li>Count visitors, subscribers, enquiries and customers every month.</li>
<li>Divide each number by the one before it.</li>
<li>Fix the weakest ratio first.</li>
</ol>
<p>Our <a href="/services/digital-marketing">digital marketing plans</a> start with exactly this exercise, so you invest in the stage that limits your growth.</p>`,
  },
  {
    title: 'A practical content calendar for small teams',
    story: 'content-rhythm',
    description:
      'Posting every day is not a strategy. A simple weekly rhythm keeps your social accounts active without burning out your team.',
    seoTitle: 'A practical social media content calendar for small teams',
    seoDescription:
      'A weekly posting rhythm, content pillars and batching tips that keep small teams consistent on social media.',
    daysAgo: 59,
    content: `<p>Most small businesses start on social media with enthusiasm, post every day for two weeks and then disappear for a month. Consistency matters more than volume, and a calendar is what makes consistency possible.</p>
<h2>Choose three content pillars</h2>
<p>Pillars are the themes you return to again and again. For a bakery they might be <em>behind the scenes</em>, <em>new products</em> and <em>customer stories</em>. Every post should fit one of them.</p>
<h2>A weekly rhythm</h2>
<ul>
<li>Monday: a helpful tip or short tutorial.</li>
<li>Wednesday: a product, service or project spotlight.</li>
<li>Friday: people, culture or a customer story.</li>
<li>Stories: daily, informal and quick.</li>
</ul>
<h2>Batch the work</h2>
<p>Set aside two hours at the start of each month to plan topics, and one hour each week to write captions and schedule posts. Free tools such as <a href="https://business.meta.com/">Meta Business Suite</a> can publish to Facebook and Instagram for you.</p>
<p>Short on time even for that? Our <a href="/services/social-media-management">social media managers</a> plan, create and publish for you, and report on what works every month.</p>`,
  },
  {
    title: 'What a brand identity includes, and why a logo is not enough',
    story: 'brand-identity',
    description:
      'Colours, typography, tone of voice and clear guidelines turn a logo into a brand people recognise everywhere.',
    seoTitle: 'What is included in a brand identity?',
    seoDescription:
      'Logo, colour palette, typography, imagery, tone of voice and guidelines: the parts of a complete brand identity.',
    daysAgo: 71,
    content: `<p>A logo is the most visible part of a brand, but on its own it cannot carry a business. Customers recognise brands through dozens of small, consistent details.</p>
<h2>The parts of a complete identity</h2>
<ul>
<li><strong>Logo</strong> in its main form plus simplified versions for icons and small screens.</li>
<li><strong>Colour palette</strong> with primary, secondary and accessible text colours.</li>
<li><strong>Typography</strong>: one or two typefaces, including one that supports Arabic if you serve Arabic-speaking customers.</li>
<li><strong>Imagery</strong>: the style of photos, illustrations and icons.</li>
<li><strong>Tone of voice</strong>: how you write, from website headlines to invoice emails.</li>
</ul>
<h2>Guidelines keep it consistent</h2>
<p>A short brand book explains how to use each element, with examples of what to do and what to avoid. It saves time for everyone who creates material for you, from your own staff to printers and agencies.</p>
<p>Thinking about a refresh? Our <a href="/services/branding">branding team</a> starts with a workshop about your customers and values before we draw a single line.</p>`,
  },
  {
    title: 'Five usability tests you can run in an afternoon',
    description:
      'You do not need a research lab to find out why visitors leave. Five quick tests reveal the biggest problems on your site.',
    seoTitle: 'Five quick usability tests for your website',
    seoDescription:
      'Five-second tests, task tests, first-click tests and more: simple usability research any team can run in an afternoon.',
    daysAgo: 84,
    content: `<p>Usability testing sounds expensive, but the most useful findings usually come from the first five people you watch. Here are five tests any team can run this week.</p>
<h2>The tests</h2>
<ol>
<li><strong>The five-second test.</strong> Show your home page for five seconds, then ask what the company does. If people cannot answer, your headline needs work.</li>
<li><strong>The task test.</strong> Ask someone to find a price or book an appointment while you watch silently.</li>
<li><strong>The first-click test.</strong> Where people click first predicts whether they will succeed.</li>
<li><strong>The phone test.</strong> Repeat the task test on a small phone, outdoors if you can.</li>
<li><strong>The form test.</strong> Ask people to fill in your contact form and note every hesitation.</li>
</ol>
<h2>Turning findings into fixes</h2>
<p>Write each problem on its own line, count how many people hit it and fix the most common ones first. The <a href="https://www.nngroup.com/articles/usability-testing-101/">Nielsen Norman Group</a> has excellent free guides if you want to go further.</p>
<p>Our <a href="/services/ui-ux-design">UI/UX designers</a> run these sessions as part of every redesign, so decisions rest on evidence rather than opinion.</p>`,
  },
  {
    title: 'Editing short-form video that keeps viewers watching',
    story: 'short-video-editing',
    description:
      'The first two seconds decide whether a reel is watched or skipped. Editing habits that raise watch time.',
    seoTitle: 'How to edit short-form video that keeps viewers watching',
    seoDescription:
      'Hooks, pacing, captions and sound: editing techniques that improve watch time on Reels, TikTok and Shorts.',
    daysAgo: 98,
    content: `<p>Reels, TikTok videos and YouTube Shorts are judged in a moment. Good editing is what turns ordinary footage into a clip people watch to the end and share.</p>
<h2>Open with the hook</h2>
<p>Start with the most surprising frame, the result or the question, never with a logo. Cut every second of set-up that does not earn its place.</p>
<h2>Keep the pace</h2>
<ul>
<li>Change the shot every two to three seconds.</li>
<li>Use jump cuts to remove pauses and filler words.</li>
<li>Zoom or reframe to add movement to a static shot.</li>
</ul>
<h2>Design for silent viewing</h2>
<p>Most people scroll with the sound off. Add bold, readable captions, and place them away from the edges where app buttons cover the picture.</p>
<h2>Finish with a reason to act</h2>
<p>End on a clear next step: follow, visit the link, or watch the next part. Then check your analytics to see where viewers drop off and tighten that moment in your next edit.</p>
<p>Need a steady supply of videos? Our <a href="/services/video-editing">video editors</a> deliver ready-to-post packages every week.</p>`,
  },
  {
    title: 'When motion graphics explain better than words',
    story: 'motion-graphics',
    description:
      'Complex services, data and processes become clear in a short animation. How to plan an explainer that works.',
    seoTitle: 'Motion graphics explainers: when and how to use them',
    seoDescription:
      'When an animated explainer beats text, how to write the script, and what a 60-second motion graphics project involves.',
    daysAgo: 113,
    content: `<p>Some ideas are hard to explain in a paragraph: how an app works behind the scenes, how money moves through a service, or why one process is faster than another. A short animation can show in sixty seconds what a page of text struggles to say.</p>
<h2>Good uses for motion graphics</h2>
<ul>
<li>Explainer videos for a product or service home page.</li>
<li>Animated charts for reports and investor updates.</li>
<li>Onboarding clips inside an app.</li>
<li>Eye-catching social media adverts.</li>
</ul>
<h2>How a project runs</h2>
<ol>
<li><strong>Script</strong>: around 140 words for a 60-second video.</li>
<li><strong>Storyboard</strong>: one sketch per scene, approved before animation starts.</li>
<li><strong>Style frames</strong>: a few finished stills in your brand colours.</li>
<li><strong>Animation and sound</strong>: voice-over, music and effects.</li>
</ol>
<p>Want to see examples? Browse our <a href="/portfolio">portfolio</a> or read about our <a href="/services/motion-graphics">motion graphics service</a>.</p>`,
  },
  {
    title: 'How to choose a platform for your company website',
    story: 'website-platform',
    description:
      'WordPress, Shopify, a site builder or a custom build? Questions to ask before you choose the foundation of your website.',
    seoTitle: 'How to choose the right platform for your company website',
    seoDescription:
      'Compare WordPress, Shopify, site builders and custom development by cost, flexibility, security and growth.',
    daysAgo: 128,
    content: `<p>Your website platform affects everything that comes later: how quickly you can publish, how much changes cost and how safe your data is. Choosing well at the start saves a costly rebuild.</p>
<h2>Five questions to ask</h2>
<ol>
<li>Who will update the site, and how technical are they?</li>
<li>Will you sell online now or within two years?</li>
<li>Do you need the site in more than one language, including right-to-left languages such as Arabic?</li>
<li>Which other systems must it connect to: booking, accounting, a CRM?</li>
<li>What is your budget for hosting and maintenance, not just for the build?</li>
</ol>
<h2>The usual options</h2>
<ul>
<li><strong>Site builders</strong> are quick and cheap but hard to extend.</li>
<li><strong>WordPress</strong> suits content-heavy sites and has a huge ecosystem, but needs regular updates.</li>
<li><strong>Shopify</strong> is hard to beat for straightforward online stores.</li>
<li><strong>Custom development</strong> fits unusual workflows and high traffic, and costs more up front.</li>
</ul>
<p>Still unsure? Our <a href="/services/web-development">web development team</a> will recommend a platform based on your answers, not on what we prefer to build.</p>`,
  },
  {
    title: 'Email flows that pay for themselves in online stores',
    story: 'store-email-flows',
    description:
      'Welcome series, abandoned cart reminders and post-purchase follow-ups run on autopilot and bring back lost sales.',
    seoTitle: 'Email marketing flows for online stores',
    seoDescription:
      'Three automated email flows every online store should set up: welcome, abandoned cart and post-purchase.',
    daysAgo: 146,
    content: `<p>Email is still the most profitable channel for most online stores, and the best part is that the most valuable emails are sent automatically.</p>
<h2>Three flows to set up first</h2>
<h3>1. Welcome series</h3>
<p>Three emails over a week: introduce your brand, show your best sellers and share reviews. Offer a small discount only if your margins allow it.</p>
<h3>2. Abandoned cart</h3>
<p>A reminder one hour after the cart is left, and a second one a day later. Show the product picture and answer common doubts about delivery and returns.</p>
<h3>3. Post-purchase</h3>
<p>Thank the customer, explain how to use the product, then ask for a review two weeks later.</p>
<h2>Keep it respectful</h2>
<ul>
<li>Only email people who opted in.</li>
<li>Make unsubscribing easy.</li>
<li>Write subject lines that say what is inside.</li>
</ul>
<p>Questions about your own store? <a href="mailto:hello@agency.example">Email us</a> or <a href="/contact">book a free call</a>.</p>`,
  },
  {
    title: 'Accessibility is good business',
    story: 'accessibility',
    description:
      'An accessible website reaches more customers, ranks better and lowers legal risk. Where to start.',
    seoTitle: 'Why web accessibility is good business',
    seoDescription:
      'How accessible design helps more people use your website, and the first steps towards WCAG 2.2 compliance.',
    daysAgo: 6,
    status: 'draft',
    content: `<p>About one in five people lives with a disability. When a website is hard to use with a keyboard, a screen reader or a magnifier, those people simply go elsewhere.</p>
<h2>First steps</h2>
<ul>
<li>Give every image meaningful alternative text.</li>
<li>Make sure text has enough contrast with its background.</li>
<li>Check that every button and link works with the keyboard alone.</li>
<li>Label every form field clearly.</li>
</ul>
<p>The <a href="https://www.w3.org/WAI/standards-guidelines/wcag/">WCAG guidelines</a> explain each requirement in detail.</p>`,
  },
  {
    title: 'Search in the year ahead: what changes for small businesses',
    story: 'year-ahead',
    description:
      'AI answers, zero-click results and local search: how search is changing and how to keep your business visible.',
    seoTitle: 'Search trends for small businesses in the year ahead',
    seoDescription:
      'How AI-generated answers and zero-click results change search, and what small businesses can do to stay visible.',
    daysAgo: -30,
    content: `<p>Search engines increasingly answer questions directly on the results page. That changes how people find businesses, but it does not make websites less important.</p>
<h2>What to focus on</h2>
<ol>
<li>Keep your <a href="https://www.google.com/business/">business profile</a> complete and up to date.</li>
<li>Publish first-hand experience that summaries cannot replace.</li>
<li>Collect reviews and reply to every one of them.</li>
</ol>
<p>We will keep this guide updated as the changes roll out. Questions in the meantime? <a href="/services/seo">Ask our SEO team</a>.</p>`,
  },
];
