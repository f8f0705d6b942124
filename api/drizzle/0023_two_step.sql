ALTER TABLE "users" ADD COLUMN "two_step_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_step_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_step_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_step_enabled_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_hash_idx" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE TABLE "two_step_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_step_challenges" ADD CONSTRAINT "two_step_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_step_challenges_expires_idx" ON "two_step_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "account_policy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_two_step_for_administrators" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_policy_single_row" CHECK ("account_policy"."id" = 1)
);
