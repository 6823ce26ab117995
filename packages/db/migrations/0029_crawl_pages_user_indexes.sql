-- Every stored page wrote six indexes of crawl_pages. These two by user_id have no query since pages
-- carry their workspace (0016): pages are read by job or by workspace. (Deleting a user, which the
-- product does not do, now scans crawl_pages for the user_id foreign key.)
DROP INDEX "crawl_pages_user_id_fetched_at_idx";--> statement-breakpoint
DROP INDEX "crawl_pages_user_vendor_idx";
