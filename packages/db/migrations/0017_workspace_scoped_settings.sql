-- Issue 33, phase two: crawler configurations, crawler settings and the schedules' pause switch belong
-- to the workspace, no longer to one user. The per-user rules go; the per-workspace ones (migration
-- 0016) stay, and the pause switch is keyed by its workspace (user_id: who set it last).
ALTER TABLE "schedule_preferences" DROP CONSTRAINT "schedule_preferences_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "crawler_configs_one_active_per_user";--> statement-breakpoint
DROP INDEX "crawler_settings_vendor_user_key";--> statement-breakpoint
DROP INDEX "schedule_preferences_workspace_id_key";--> statement-breakpoint
ALTER TABLE "schedule_preferences" DROP CONSTRAINT "schedule_preferences_pkey";--> statement-breakpoint
ALTER TABLE "schedule_preferences" ADD PRIMARY KEY ("workspace_id");--> statement-breakpoint
ALTER TABLE "schedule_preferences" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_preferences" ADD CONSTRAINT "schedule_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
