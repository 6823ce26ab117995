CREATE TABLE "crawl_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"previous_job_id" uuid,
	"user_id" uuid NOT NULL,
	"vendor_id" uuid,
	"compared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pages_before" integer DEFAULT 0 NOT NULL,
	"pages_after" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"changed_percent" numeric(4, 1) DEFAULT 0 NOT NULL,
	"policy_pages_changed" integer DEFAULT 0 NOT NULL,
	"findings_new" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"findings_resolved" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_before" numeric(4, 1),
	"rate_after" numeric(4, 1),
	"label_before" text,
	"label_after" text,
	CONSTRAINT "crawl_changes_job_id_key" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE TABLE "crawl_page_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"change_id" uuid NOT NULL,
	"url" text NOT NULL,
	"kind" text NOT NULL,
	"policy_kind" text,
	"title_before" text,
	"title_after" text,
	"page_before_id" uuid,
	"page_after_id" uuid
);
--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "main_text" text;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "main_text_hash" text;--> statement-breakpoint
ALTER TABLE "crawler_settings" ADD COLUMN "ignore_selectors" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "crawler_settings" ADD COLUMN "ignore_text_patterns" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD CONSTRAINT "crawl_changes_job_id_crawl_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD CONSTRAINT "crawl_changes_previous_job_id_crawl_jobs_id_fk" FOREIGN KEY ("previous_job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD CONSTRAINT "crawl_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD CONSTRAINT "crawl_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_page_changes" ADD CONSTRAINT "crawl_page_changes_change_id_crawl_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."crawl_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_changes_user_vendor_idx" ON "crawl_changes" USING btree ("user_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crawl_page_changes_change_url_key" ON "crawl_page_changes" USING btree ("change_id","url");--> statement-breakpoint
CREATE INDEX "crawl_jobs_vendor_created_idx" ON "crawl_jobs" USING btree ("vendor_id","created_at" DESC NULLS LAST);