CREATE TABLE "mfa_code_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"factor_id" uuid NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mfa_code_attempts" ADD CONSTRAINT "mfa_code_attempts_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_code_attempts_factor_id_created_at_idx" ON "mfa_code_attempts" USING btree ("factor_id","created_at");