ALTER TABLE "services" ALTER COLUMN "updated_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "services" ALTER COLUMN "updated_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "service_name" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "service_translations" ADD COLUMN "image_alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages sent before this migration name their service by the names it has now; a message whose service is
-- gone keeps `{}` and the inbox shows its key. The services' tables already announce every change (tag
-- `services`, migration 0003), which drops the cached reads and the pages that show services.
UPDATE "contact_messages" AS m SET "service_name" = n.names
  FROM (
    SELECT s."key", jsonb_object_agg(t."language", t."name") AS names
    FROM "services" s JOIN "service_translations" t ON t."service_id" = s."id"
    GROUP BY s."key"
  ) AS n
  WHERE n."key" = m."service";
