CREATE TABLE "auth_one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_digest" text NOT NULL,
	"pending_password_hash" text,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factor_id" uuid NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "users_confirmation_token_key";--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "last_time_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovery_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_one_time_tokens" ADD CONSTRAINT "auth_one_time_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_one_time_tokens_token_digest_key" ON "auth_one_time_tokens" USING btree ("token_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_one_time_tokens_user_purpose_key" ON "auth_one_time_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "mfa_challenges_factor_id_idx" ON "mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
-- Hand-added: links already mailed keep working (their password is the one stored at sign-up).
INSERT INTO "auth_one_time_tokens" ("user_id", "purpose", "token_digest", "created_at")
SELECT "id", 'confirmation', "confirmation_token", coalesce("confirmation_sent_at", now()) FROM "users"
WHERE "confirmation_token" IS NOT NULL AND "email_confirmed_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "confirmation_token";