CREATE TYPE "public"."language" AS ENUM('en', 'ar');--> statement-breakpoint
CREATE TYPE "public"."section_layout" AS ENUM('left', 'right');--> statement-breakpoint
CREATE TYPE "public"."service_section_type" AS ENUM('hero', 'content');--> statement-breakpoint
CREATE TABLE "service_section_translations" (
	"section_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "service_section_translations_section_id_language_pk" PRIMARY KEY("section_id","language")
);
--> statement-breakpoint
CREATE TABLE "service_sections" (
	"id" serial PRIMARY KEY NOT NULL,
	"service_id" integer NOT NULL,
	"type" "service_section_type" NOT NULL,
	"layout" "section_layout",
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_sections_layout_check" CHECK (("service_sections"."type" = 'content') = ("service_sections"."layout" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "service_translations" (
	"service_id" integer NOT NULL,
	"language" "language" NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "service_translations_service_id_language_pk" PRIMARY KEY("service_id","language")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"image_path" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "service_section_translations" ADD CONSTRAINT "service_section_translations_section_id_service_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."service_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_sections" ADD CONSTRAINT "service_sections_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_translations" ADD CONSTRAINT "service_translations_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_sections_service_idx" ON "service_sections" USING btree ("service_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "services_sort_order_idx" ON "services" USING btree ("sort_order","id");