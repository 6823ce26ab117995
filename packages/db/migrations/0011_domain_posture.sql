CREATE TABLE "crawl_domain_posture" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"dns_queries" integer DEFAULT 0 NOT NULL,
	"gathered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_domain_posture" ADD CONSTRAINT "crawl_domain_posture_job_id_crawl_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE cascade ON UPDATE no action;