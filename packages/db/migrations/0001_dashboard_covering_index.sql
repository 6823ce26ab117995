-- The dashboard's figures read only these columns of a user's pages: an index-only scan serves them.
DROP INDEX IF EXISTS "crawl_pages_user_vendor_idx";--> statement-breakpoint
CREATE INDEX "crawl_pages_user_vendor_idx" ON "crawl_pages" USING btree ("user_id","vendor_id") INCLUDE ("response_time_ms","status_code");
