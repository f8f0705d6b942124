CREATE SEQUENCE "public"."portfolio_translation_groups" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "portfolio_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" "language" NOT NULL,
	"translation_group" integer,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"client" text NOT NULL,
	"category" text NOT NULL,
	"cover_image" text NOT NULL,
	"cover_alt" text NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_image" text,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_projects_gallery_array" CHECK (jsonb_typeof("portfolio_projects"."gallery") = 'array')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_projects_slug_idx" ON "portfolio_projects" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "portfolio_projects_list_idx" ON "portfolio_projects" USING btree ("language","sort_order","id");--> statement-breakpoint
CREATE INDEX "portfolio_projects_category_idx" ON "portfolio_projects" USING btree ("language","category","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_projects_translation_group_language_idx" ON "portfolio_projects" USING btree ("translation_group","language");--> statement-breakpoint
-- Every change to the portfolio is announced like the FAQ's (migration 0011): each API process drops the answers
-- and pages tagged `portfolio` (the public reads, the portfolio pages and the sitemap that list it). The seed
-- step fills the table on a new or existing database (src/db/seed/portfolio.ts).
CREATE TRIGGER "portfolio_projects_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "portfolio_projects"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('portfolio');
