ALTER TABLE "crawl_jobs" ADD COLUMN "answered_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "response_time_ms_sum" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "timed_pages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The dashboard's page figures per job, kept as pages are written, fixed up as they change or go:
-- reading them costs one row per job instead of one index entry per page.
CREATE FUNCTION "crawl_pages_job_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status_code IS NOT NULL THEN
    UPDATE crawl_jobs SET
      answered_pages = answered_pages - 1,
      response_time_ms_sum = response_time_ms_sum - coalesce(OLD.response_time_ms, 0),
      timed_pages = timed_pages - (OLD.response_time_ms IS NOT NULL)::int
    WHERE id = OLD.job_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status_code IS NOT NULL THEN
    UPDATE crawl_jobs SET
      answered_pages = answered_pages + 1,
      response_time_ms_sum = response_time_ms_sum + coalesce(NEW.response_time_ms, 0),
      timed_pages = timed_pages + (NEW.response_time_ms IS NOT NULL)::int
    WHERE id = NEW.job_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "crawl_pages_job_figures"
  AFTER INSERT OR DELETE OR UPDATE OF job_id, status_code, response_time_ms ON "crawl_pages"
  FOR EACH ROW EXECUTE FUNCTION "crawl_pages_job_figures"();--> statement-breakpoint
UPDATE "crawl_jobs" j SET
  answered_pages = f.answered,
  response_time_ms_sum = f.total,
  timed_pages = f.timed
FROM (
  SELECT job_id, count(*) AS answered, coalesce(sum(response_time_ms), 0) AS total, count(response_time_ms) AS timed
  FROM crawl_pages WHERE status_code IS NOT NULL GROUP BY job_id
) f
WHERE j.id = f.job_id;
