ALTER TABLE "crawl_jobs" ADD COLUMN "site_facts" jsonb;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "response_headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "set_cookies" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "browser" jsonb;--> statement-breakpoint
-- Pages crawled before keep the headers they had (the security ones); their other facts were not collected.
UPDATE "crawl_pages" SET "response_headers" = "security_headers";--> statement-breakpoint
ALTER TABLE "crawl_pages" DROP COLUMN "security_headers";--> statement-breakpoint
ALTER TABLE "crawl_pages" DROP COLUMN "signals";
