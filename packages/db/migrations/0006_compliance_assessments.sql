CREATE TABLE "compliance_assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vendor_id" uuid,
	"method" text NOT NULL,
	"target_url" text NOT NULL,
	"crawl_completed_at" timestamp with time zone,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"catalogue_version" text NOT NULL,
	"rate" numeric(4, 1) NOT NULL,
	"label" text NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"warned" integer DEFAULT 0 NOT NULL,
	"not_applicable" integer DEFAULT 0 NOT NULL,
	"failures_critical" integer DEFAULT 0 NOT NULL,
	"failures_high" integer DEFAULT 0 NOT NULL,
	"failures_medium" integer DEFAULT 0 NOT NULL,
	"failures_low" integer DEFAULT 0 NOT NULL,
	"pages_checked" integer DEFAULT 0 NOT NULL,
	"not_evaluated_by_method" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "compliance_assessments_job_id_key" UNIQUE("job_id"),
	CONSTRAINT "compliance_assessments_rate_range" CHECK ("compliance_assessments"."rate" >= 0 and "compliance_assessments"."rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "compliance_check_results" (
	"assessment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"check_id" text NOT NULL,
	"group" text NOT NULL,
	"severity" text NOT NULL,
	"outcome" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"why_it_matters" text NOT NULL,
	"how_to_fix" text NOT NULL,
	"evidence" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"evidence_total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "compliance_check_results_assessment_id_position_pk" PRIMARY KEY("assessment_id","position")
);
--> statement-breakpoint
DROP TABLE "compliance_findings" CASCADE;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ADD CONSTRAINT "compliance_assessments_job_id_crawl_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ADD CONSTRAINT "compliance_assessments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ADD CONSTRAINT "compliance_assessments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_check_results" ADD CONSTRAINT "compliance_check_results_assessment_id_compliance_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."compliance_assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_assessments_user_assessed_idx" ON "compliance_assessments" USING btree ("user_id","assessed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "compliance_assessments_user_vendor_assessed_idx" ON "compliance_assessments" USING btree ("user_id","vendor_id","assessed_at" DESC NULLS LAST,"id" DESC NULLS LAST);