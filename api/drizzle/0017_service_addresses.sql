-- A service's page address (`/services/{slug}`) apart from its key: the key names it for good (contact
-- messages, the contact form's choice, the inbox), the address is the editor's to change. Every service keeps
-- the address it has today, its key.
ALTER TABLE "services" ADD COLUMN "slug" text;--> statement-breakpoint
UPDATE "services" SET "slug" = "key";--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- The addresses a service had before: `/services/{old}` answers 301 to the current one, as a post's old slug
-- does (migration 0007). Changes to it come with a change to `services`, whose trigger announces them.
CREATE TABLE "service_old_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_old_slugs" ADD CONSTRAINT "service_old_slugs_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_old_slugs_service_idx" ON "service_old_slugs" USING btree ("service_id");
