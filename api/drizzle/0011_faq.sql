CREATE SEQUENCE "public"."faq_translation_groups" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "faq_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "faq_categories_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "faq_category_translations" (
	"category_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "faq_category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"translation_group" integer,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faq_category_translations" ADD CONSTRAINT "faq_category_translations_category_id_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq_items" ADD CONSTRAINT "faq_items_category_id_faq_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faq_items_list_idx" ON "faq_items" USING btree ("language","category_id","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "faq_items_translation_group_language_idx" ON "faq_items" USING btree ("translation_group","language");--> statement-breakpoint
-- Every change to the FAQ is announced like the services' (migration 0003): each API process drops the answers
-- and pages tagged `faq` (the public read and the services page that shows it). The seed step fills the
-- tables on a new or existing database (src/db/seed/faq.ts).
CREATE TRIGGER "faq_categories_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('faq');
--> statement-breakpoint
CREATE TRIGGER "faq_category_translations_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_category_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('faq');
--> statement-breakpoint
CREATE TRIGGER "faq_items_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "faq_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('faq');
