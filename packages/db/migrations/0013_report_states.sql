ALTER TABLE "compliance_check_results" ADD COLUMN "evaluated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD COLUMN "findings_not_comparable" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD COLUMN "method_before" text;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD COLUMN "method_after" text;--> statement-breakpoint
-- Stored outcomes of checks the crawl did not evaluate (the method could not, or the fact was not read):
-- their summaries are fixed texts of the catalogue.
UPDATE "compliance_check_results" SET "evaluated" = false
WHERE "outcome" = 'not_applicable'
  AND ("summary" LIKE 'Needs the %'
    OR "summary" IN (
      'axe-core did not run on any page',
      'No page was rendered by the browser, so no requests were recorded',
      'No TLS connection was made to the start host',
      'The plain-HTTP address was not requested during this crawl',
      '/.well-known/security.txt was not requested during this crawl'));--> statement-breakpoint
-- Each comparison's methods, from its two crawls.
UPDATE "crawl_changes" c SET "method_after" = j."method" FROM "crawl_jobs" j WHERE j."id" = c."job_id";--> statement-breakpoint
UPDATE "crawl_changes" c SET "method_before" = j."method" FROM "crawl_jobs" j WHERE j."id" = c."previous_job_id";--> statement-breakpoint
-- Findings an earlier comparison called new or resolved although one of its crawls did not evaluate the
-- check (a browser crawl compared with an http one): not comparable, in their order.
WITH "unseen" AS (
  SELECT DISTINCT c."id" AS "change_id", r."check_id"
  FROM "crawl_changes" c
  JOIN "compliance_assessments" a ON a."job_id" = c."job_id" OR a."job_id" = c."previous_job_id"
  JOIN "compliance_check_results" r ON r."assessment_id" = a."id" AND NOT r."evaluated"
)
UPDATE "crawl_changes" c SET
  "findings_not_comparable" = coalesce((
    SELECT jsonb_agg(f.value ORDER BY f.ordinality)
    FROM jsonb_array_elements(c."findings_new" || c."findings_resolved") WITH ORDINALITY f
    WHERE f.value->>'checkId' IN (SELECT u."check_id" FROM "unseen" u WHERE u."change_id" = c."id")), '[]'::jsonb),
  "findings_new" = coalesce((
    SELECT jsonb_agg(f.value ORDER BY f.ordinality)
    FROM jsonb_array_elements(c."findings_new") WITH ORDINALITY f
    WHERE f.value->>'checkId' NOT IN (SELECT u."check_id" FROM "unseen" u WHERE u."change_id" = c."id")), '[]'::jsonb),
  "findings_resolved" = coalesce((
    SELECT jsonb_agg(f.value ORDER BY f.ordinality)
    FROM jsonb_array_elements(c."findings_resolved") WITH ORDINALITY f
    WHERE f.value->>'checkId' NOT IN (SELECT u."check_id" FROM "unseen" u WHERE u."change_id" = c."id")), '[]'::jsonb)
WHERE c."id" IN (SELECT "change_id" FROM "unseen");
