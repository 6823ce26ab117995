-- Every writer names the workspace of the rows it inserts (the insert types require it), so the
-- "<table>_fill_workspace_id" triggers of 0016, which gave a row without one its parent's or its
-- creator's personal workspace, go: an insert that forgets the workspace now fails on the column's
-- NOT NULL instead of landing somewhere silently. Rows already stored keep their workspace.
-- The personal workspace of a new account (users_personal_workspace) and the append-only audit log stay.
DROP TRIGGER "vendors_fill_workspace_id" ON "vendors";--> statement-breakpoint
DROP TRIGGER "projects_fill_workspace_id" ON "projects";--> statement-breakpoint
DROP TRIGGER "crawler_configs_fill_workspace_id" ON "crawler_configs";--> statement-breakpoint
DROP TRIGGER "schedule_preferences_fill_workspace_id" ON "schedule_preferences";--> statement-breakpoint
DROP TRIGGER "alert_channels_fill_workspace_id" ON "alert_channels";--> statement-breakpoint
DROP TRIGGER "alert_rules_fill_workspace_id" ON "alert_rules";--> statement-breakpoint
DROP TRIGGER "crawler_settings_fill_workspace_id" ON "crawler_settings";--> statement-breakpoint
DROP TRIGGER "crawl_jobs_fill_workspace_id" ON "crawl_jobs";--> statement-breakpoint
DROP TRIGGER "vendor_schedules_fill_workspace_id" ON "vendor_schedules";--> statement-breakpoint
DROP TRIGGER "schedule_runs_fill_workspace_id" ON "schedule_runs";--> statement-breakpoint
DROP TRIGGER "crawl_pages_fill_workspace_id" ON "crawl_pages";--> statement-breakpoint
DROP TRIGGER "compliance_assessments_fill_workspace_id" ON "compliance_assessments";--> statement-breakpoint
DROP TRIGGER "crawl_changes_fill_workspace_id" ON "crawl_changes";--> statement-breakpoint
DROP TRIGGER "crawl_inventories_fill_workspace_id" ON "crawl_inventories";--> statement-breakpoint
DROP TRIGGER "crawl_domain_posture_fill_workspace_id" ON "crawl_domain_posture";--> statement-breakpoint
DROP TRIGGER "alert_deliveries_fill_workspace_id" ON "alert_deliveries";--> statement-breakpoint
DROP FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
DROP FUNCTION "fill_workspace_from_vendor"();--> statement-breakpoint
DROP FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
DROP FUNCTION "fill_workspace_of_alert_delivery"();--> statement-breakpoint
DROP FUNCTION "personal_workspace_of"(uuid);
