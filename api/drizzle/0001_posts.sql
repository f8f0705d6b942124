CREATE TYPE "public"."post_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"status" "post_status" DEFAULT 'draft' NOT NULL,
	"poster_image" text,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"language" "language" NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE INDEX "posts_public_list_idx" ON "posts" USING btree ("language","status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_published_at_idx" ON "posts" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST);