CREATE TABLE "site_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"notify_email" text,
	"default_country" text NOT NULL,
	"social_facebook" text DEFAULT '' NOT NULL,
	"social_x" text DEFAULT '' NOT NULL,
	"social_instagram" text DEFAULT '' NOT NULL,
	"social_tiktok" text DEFAULT '' NOT NULL,
	"social_youtube" text DEFAULT '' NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "site_settings_translations" (
	"language" "language" PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
-- Every change to the settings is announced like the FAQ's (migration 0011): each API process drops the
-- answers and pages tagged `settings` (the public read and every page, whose top bar and footer show them).
-- The seed step fills the tables from the server's SITE_* settings on a new or existing database
-- (src/db/seed/settings.ts).
CREATE TRIGGER "site_settings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('settings');
--> statement-breakpoint
CREATE TRIGGER "site_settings_translations_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings_translations"
  FOR EACH STATEMENT EXECUTE FUNCTION "agency_announce_change"('settings');
