DROP INDEX "alert_deliveries_once_key";--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "target_encrypted" text;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "target_fingerprint" text;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "confirmation_token_hash" text;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "confirmation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "last_requested_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_channels_confirmation_token_key" ON "alert_channels" USING btree ("confirmation_token_hash") WHERE "alert_channels"."confirmation_token_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_event_once_key" ON "alert_deliveries" USING btree ("channel_id","event_key") WHERE "alert_deliveries"."event_key" is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_crawl_job_idx" ON "alert_deliveries" USING btree ("crawl_job_id");--> statement-breakpoint
-- Hand-written: channels and rules as they were.
-- A webhook needs no confirmation: it counts as confirmed since it was added.
UPDATE "alert_channels" SET "confirmed_at" = "created_at" WHERE "kind" = 'webhook';--> statement-breakpoint
-- An email channel to the owner's own address, confirmed at sign-up, stays confirmed; any other waits
-- for its address to be confirmed (Settings → Alerts sends the link), as a new one does.
UPDATE "alert_channels" AS c SET "confirmed_at" = now()
FROM "users" AS u
WHERE c."user_id" = u."id" AND c."kind" = 'email' AND lower(c."target") = lower(u."email") AND u."email_confirmed_at" IS NOT NULL;--> statement-breakpoint
-- Identical rules of one user (same kind and parameters) only sent the same alert again: the oldest stays.
DELETE FROM "alert_rules" AS r
USING "alert_rules" AS older
WHERE older."user_id" = r."user_id" AND older."kind" = r."kind"
  AND coalesce(older."min_severity", '') = coalesce(r."min_severity", '')
  AND coalesce(older."threshold_percent", 0) = coalesce(r."threshold_percent", 0)
  AND (older."created_at", older."id") < (r."created_at", r."id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_user_kind_parameters_key" ON "alert_rules" USING btree ("user_id","kind",coalesce("min_severity", ''),coalesce("threshold_percent", 0));