CREATE SEQUENCE "public"."client_logo_translation_groups" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "client_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"language" "language" NOT NULL,
	"translation_group" integer,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"sort_order" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "home_texts" (
	"language" "language" PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "client_logos_list_idx" ON "client_logos" USING btree ("language","sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_logos_translation_group_language_idx" ON "client_logos" USING btree ("translation_group","language");--> statement-breakpoint
-- Every change to the home page's texts or its client logos is announced like the FAQ's (migration 0011): each
-- API process drops the answers and pages tagged `home` (GET /api/home and the home page that shows it) or
-- `client-logos` (the logos' editor routes' tag, which the home read carries too). The seed step fills the
-- tables on a new or existing database (src/db/seed/home.ts).
CREATE TRIGGER "home_texts_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "home_texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('home');
--> statement-breakpoint
CREATE TRIGGER "client_logos_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "client_logos"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('client-logos');
