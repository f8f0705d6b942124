ALTER TABLE "faq_categories" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_categories" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "plan_name" DROP DEFAULT;--> statement-breakpoint
-- A message keeps its plan's name in both languages, as its service's (migration 0014): `{ "en": …, "ar": … }`.
-- A name stored before is kept under the language it was written in (Arabic letters: ar; else en), then a
-- message whose plan still exists (its service's category, its key) is named by the plan's names now.
ALTER TABLE "contact_messages" ALTER COLUMN "plan_name" SET DATA TYPE jsonb USING (
  CASE
    WHEN "plan_name" = '' THEN '{}'::jsonb
    WHEN "plan_name" ~ '[\u0600-\u06FF]' THEN jsonb_build_object('ar', "plan_name")
    ELSE jsonb_build_object('en', "plan_name")
  END
);--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "plan_name" SET DEFAULT '{}'::jsonb;--> statement-breakpoint
UPDATE "contact_messages" AS m SET "plan_name" = n.names
  FROM (
    SELECT c."key" AS category, p."key", jsonb_object_agg(p."language", p."name") AS names
    FROM "pricing_plans" p JOIN "pricing_categories" c ON c."id" = p."category_id"
    GROUP BY c."key", p."key"
  ) AS n
  WHERE m."plan" <> '' AND n.category = m."service" AND n."key" = m."plan";
