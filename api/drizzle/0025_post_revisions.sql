CREATE TABLE "post_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"seo_title" text NOT NULL,
	"seo_description" text NOT NULL,
	"poster_image" text,
	"status" "post_status" NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	"author_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_idx" ON "post_revisions" USING btree ("post_id","id" DESC);--> statement-breakpoint
INSERT INTO "post_revisions" ("post_id", "title", "slug", "description", "content", "seo_title", "seo_description", "poster_image", "status", "published_at", "author_id", "created_at")
SELECT "id", "title", "slug", "description", "content", "seo_title", "seo_description", "poster_image", "status", "published_at", "author_id", "updated_at" FROM "posts" ORDER BY "id";
