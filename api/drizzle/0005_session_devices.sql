ALTER TABLE "sessions" ADD COLUMN "handle" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_handle_idx" ON "sessions" USING btree ("handle");