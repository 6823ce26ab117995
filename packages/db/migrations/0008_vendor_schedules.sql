CREATE TABLE "schedule_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"run_key" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"crawl_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_schedules" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"minute" integer DEFAULT 0 NOT NULL,
	"time" text DEFAULT '03:00' NOT NULL,
	"weekday" integer DEFAULT 1 NOT NULL,
	"cron" text DEFAULT '' NOT NULL,
	"every_seconds" integer DEFAULT 3600 NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"method" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_preferences" ADD CONSTRAINT "schedule_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_crawl_job_id_crawl_jobs_id_fk" FOREIGN KEY ("crawl_job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_schedules" ADD CONSTRAINT "vendor_schedules_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_schedules" ADD CONSTRAINT "vendor_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_runs_vendor_run_key" ON "schedule_runs" USING btree ("vendor_id","run_key");--> statement-breakpoint
CREATE INDEX "schedule_runs_vendor_scheduled_for_idx" ON "schedule_runs" USING btree ("vendor_id","scheduled_for" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_schedules_user_id_idx" ON "vendor_schedules" USING btree ("user_id");