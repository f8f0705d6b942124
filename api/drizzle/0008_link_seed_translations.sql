-- The sample posts that tell one story in both languages are linked as translations (the seed does it on a new
-- database, src/db/seed/posts.ts; this does it once on a database seeded before). A pair is linked only while
-- both posts are still there at their seeded slugs and languages and neither has a translation: what an
-- editor changed since is left alone.
WITH "pairs" ("en", "ar") AS (
  VALUES
  ('native-or-cross-platform-choosing-the-right-approach-for-your-app', 'تطبيق-أصلي-أم-متعدد-المنصات-كيف-تختار-النهج-الأنسب-لتطبيقك'),
  ('getting-more-from-a-small-google-ads-budget', 'كيف-تستفيد-من-ميزانية-إعلانية-صغيرة'),
  ('a-practical-content-calendar-for-small-teams', 'إدارة-حسابات-التواصل-الاجتماعي-دليل-عملي-للشركات-الصغيرة'),
  ('what-a-brand-identity-includes-and-why-a-logo-is-not-enough', 'الهوية-البصرية-أكثر-من-مجرد-شعار'),
  ('editing-short-form-video-that-keeps-viewers-watching', 'أسرار-مونتاج-الفيديوهات-القصيرة-التي-تشد-المشاهدين'),
  ('when-motion-graphics-explain-better-than-words', 'الموشن-جرافيك-كيف-تشرح-فكرة-معقدة-في-دقيقة-واحدة'),
  ('how-to-choose-a-platform-for-your-company-website', 'كيف-تختار-المنصة-المناسبة-لموقع-شركتك'),
  ('email-flows-that-pay-for-themselves-in-online-stores', 'رسائل-البريد-الإلكتروني-التلقائية-للمتاجر-الإلكترونية'),
  ('accessibility-is-good-business', 'إمكانية-الوصول-مواقع-يستخدمها-الجميع'),
  ('search-in-the-year-ahead-what-changes-for-small-businesses', 'اتجاهات-التسويق-الرقمي-في-العام-المقبل')
),
"found" AS (
  SELECT "en"."id" AS "en_id", "ar"."id" AS "ar_id"
  FROM "pairs"
  JOIN "posts" "en" ON "en"."slug" = "pairs"."en" AND "en"."language" = 'en' AND "en"."translation_group" IS NULL
  JOIN "posts" "ar" ON "ar"."slug" = "pairs"."ar" AND "ar"."language" = 'ar' AND "ar"."translation_group" IS NULL
),
-- A CTE with nextval is evaluated once per pair (volatile, so materialized): one new link number each.
"numbered" AS (
  SELECT "en_id", "ar_id", nextval('post_translation_groups') AS "group" FROM "found"
)
UPDATE "posts" SET "translation_group" = "numbered"."group"
FROM "numbered"
WHERE "posts"."id" IN ("numbered"."en_id", "numbered"."ar_id");
