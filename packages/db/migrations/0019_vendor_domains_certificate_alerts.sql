DROP INDEX "alert_rules_workspace_kind_parameters_key";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "dkim_selectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "within_days" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_workspace_kind_parameters_key" ON "alert_rules" USING btree ("workspace_id","kind",coalesce("min_severity", ''),coalesce("threshold_percent", 0),coalesce("within_days", 0));