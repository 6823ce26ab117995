-- Indexes every stored page writes (issue #43). crawl_pages wrote six a page: the two by user_id have
-- no query since pages carry their workspace (0016), pages being read by job or by workspace (deleting a
-- user, which the product does not do, now scans crawl_pages for the user_id foreign key).
-- crawl_frontier's (job_id, state, seq) took an entry at each of a URL's state changes (added, claimed,
-- done); only the pending rows are read by it (the claim, the wait for the next due URL), so a partial
-- index of them replaces it.
DROP INDEX "crawl_frontier_job_state_seq_idx";--> statement-breakpoint
DROP INDEX "crawl_pages_user_id_fetched_at_idx";--> statement-breakpoint
DROP INDEX "crawl_pages_user_vendor_idx";--> statement-breakpoint
CREATE INDEX "crawl_frontier_pending_seq_idx" ON "crawl_frontier" USING btree ("job_id","seq") WHERE state = 'pending';
