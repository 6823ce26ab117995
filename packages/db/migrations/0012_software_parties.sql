CREATE TABLE "crawl_inventories" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"vendor_id" uuid,
	"crawl_completed_at" timestamp with time zone,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"libraries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"technologies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"third_parties" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"grades" jsonb NOT NULL,
	"vulnerable_libraries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_inventories" ADD CONSTRAINT "crawl_inventories_job_id_crawl_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_inventories" ADD CONSTRAINT "crawl_inventories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_inventories" ADD CONSTRAINT "crawl_inventories_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crawl_inventories_user_vendor_completed_idx" ON "crawl_inventories" USING btree ("user_id","vendor_id","crawl_completed_at" DESC NULLS LAST);