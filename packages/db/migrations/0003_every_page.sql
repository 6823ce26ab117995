ALTER TABLE "crawl_frontier" ADD COLUMN "fetch_url" text;--> statement-breakpoint
ALTER TABLE "crawl_frontier" ADD COLUMN "redirected_to" text;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "stored_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "scope_hosts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "resumes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crawler_settings" ADD COLUMN "keep_query_params" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- The job's running totals now count every stored page too (stored_pages), answered or not.
CREATE OR REPLACE FUNCTION "crawl_pages_job_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE crawl_jobs SET
      stored_pages = stored_pages - 1,
      answered_pages = answered_pages - (OLD.status_code IS NOT NULL)::int,
      response_time_ms_sum = response_time_ms_sum - CASE WHEN OLD.status_code IS NOT NULL THEN coalesce(OLD.response_time_ms, 0) ELSE 0 END,
      timed_pages = timed_pages - (OLD.status_code IS NOT NULL AND OLD.response_time_ms IS NOT NULL)::int
    WHERE id = OLD.job_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE crawl_jobs SET
      stored_pages = stored_pages + 1,
      answered_pages = answered_pages + (NEW.status_code IS NOT NULL)::int,
      response_time_ms_sum = response_time_ms_sum + CASE WHEN NEW.status_code IS NOT NULL THEN coalesce(NEW.response_time_ms, 0) ELSE 0 END,
      timed_pages = timed_pages + (NEW.status_code IS NOT NULL AND NEW.response_time_ms IS NOT NULL)::int
    WHERE id = NEW.job_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE "crawl_jobs" j SET stored_pages = f.stored
FROM (SELECT job_id, count(*) AS stored FROM crawl_pages GROUP BY job_id) f
WHERE j.id = f.job_id;
