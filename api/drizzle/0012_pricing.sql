CREATE SEQUENCE "public"."pricing_translation_groups" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "pricing_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "pricing_categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "pricing_category_translations" (
	"category_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "pricing_category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "pricing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"translation_group" integer,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_type" text DEFAULT '' NOT NULL,
	"price" integer,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"highlighted" boolean DEFAULT false NOT NULL,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "plan_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pricing_category_translations" ADD CONSTRAINT "pricing_category_translations_category_id_pricing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pricing_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_plans" ADD CONSTRAINT "pricing_plans_category_id_pricing_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."pricing_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricing_plans_list_idx" ON "pricing_plans" USING btree ("language","category_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "pricing_plans_key_idx" ON "pricing_plans" USING btree ("category_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_plans_translation_group_language_idx" ON "pricing_plans" USING btree ("translation_group","language");--> statement-breakpoint
-- Every change to pricing is announced like the FAQ's (migration 0011): each API process drops the answers and
-- pages tagged `pricing` (the public read and the pages that show plans: home, pricing, contact). The seed
-- step fills the tables on a new or existing database (src/db/seed/pricing.ts).
CREATE TRIGGER "pricing_categories_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('pricing');
--> statement-breakpoint
CREATE TRIGGER "pricing_category_translations_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_category_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('pricing');
--> statement-breakpoint
CREATE TRIGGER "pricing_plans_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('pricing');
