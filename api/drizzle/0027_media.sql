CREATE FUNCTION "stored_image_names"(html text) RETURNS text[]
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT COALESCE(pg_catalog.array_agg(DISTINCT pg_catalog.left(part, 32) || '.webp'), '{}'::text[]) FROM pg_catalog.unnest((pg_catalog.string_to_array(html, '/storage/poster_images/'))[2:]) AS part WHERE part ~ '^[0-9a-f]{32}(-[0-9]+w)?\.webp' $$;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "content_images" text[] GENERATED ALWAYS AS (stored_image_names("content")) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "posts_content_images_idx" ON "posts" USING gin ("content_images");
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_name_stored" CHECK ("name" ~ '^[0-9a-f]{32}\.webp$'),
	CONSTRAINT "media_alt_object" CHECK (jsonb_typeof("alt") = 'object')
);
--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_name_idx" ON "media" USING btree ("name");--> statement-breakpoint
CREATE INDEX "media_newest_idx" ON "media" USING btree ("created_at" DESC, "id" DESC);
