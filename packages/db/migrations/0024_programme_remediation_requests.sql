-- Issue 40, items 3 and 5: remediation requests to a vendor's contact, answered through a vendor link
-- that needs no account. vendor_links is generic (kind + subject id: questionnaires plug in later) and
-- keeps only the SHA-256 of each token; vendor_link_reminders holds one row per (request, reminder),
-- inserted before the email goes out, so each reminder is sent once whatever the number of workers.
CREATE TABLE "vendor_link_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"reminder" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "vendor_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"contact_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "vendor_links_kind_check" CHECK ("vendor_links"."kind" in ('remediation', 'questionnaire'))
);
--> statement-breakpoint
CREATE TABLE "remediation_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "remediation_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remediation_rechecks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"crawl_job_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remediation_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"author" text NOT NULL,
	"status" text,
	"decision" text,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remediation_replies_author_check" CHECK ("remediation_replies"."author" in ('vendor', 'workspace'))
);
--> statement-breakpoint
CREATE TABLE "remediation_request_checks" (
	"request_id" uuid NOT NULL,
	"workspace_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by_crawl_id" uuid,
	CONSTRAINT "remediation_request_checks_request_id_check_id_pk" PRIMARY KEY("request_id","check_id"),
	CONSTRAINT "remediation_request_checks_status_check" CHECK ("remediation_request_checks"."status" in ('open', 'claimed_fixed', 'compensating_control', 'disputed', 'resolved', 'accepted'))
);
--> statement-breakpoint
CREATE TABLE "remediation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"assessment_id" uuid,
	"created_by" uuid,
	"created_by_label" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"responded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "remediation_requests_state_check" CHECK ("remediation_requests"."state" in ('sent', 'viewed', 'responded', 'closed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "vendor_link_reminders" ADD CONSTRAINT "vendor_link_reminders_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_links" ADD CONSTRAINT "vendor_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_links" ADD CONSTRAINT "vendor_links_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_attachments" ADD CONSTRAINT "remediation_attachments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_attachments" ADD CONSTRAINT "remediation_attachments_request_id_remediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."remediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_events" ADD CONSTRAINT "remediation_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_events" ADD CONSTRAINT "remediation_events_request_id_remediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."remediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_rechecks" ADD CONSTRAINT "remediation_rechecks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_rechecks" ADD CONSTRAINT "remediation_rechecks_request_id_remediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."remediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_rechecks" ADD CONSTRAINT "remediation_rechecks_crawl_job_id_crawl_jobs_id_fk" FOREIGN KEY ("crawl_job_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_replies" ADD CONSTRAINT "remediation_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_replies" ADD CONSTRAINT "remediation_replies_request_id_remediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."remediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_replies" ADD CONSTRAINT "remediation_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_request_checks" ADD CONSTRAINT "remediation_request_checks_request_id_remediation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."remediation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_request_checks" ADD CONSTRAINT "remediation_request_checks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_request_checks" ADD CONSTRAINT "remediation_request_checks_resolved_by_crawl_id_crawl_jobs_id_fk" FOREIGN KEY ("resolved_by_crawl_id") REFERENCES "public"."crawl_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_requests" ADD CONSTRAINT "remediation_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_requests" ADD CONSTRAINT "remediation_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_requests" ADD CONSTRAINT "remediation_requests_assessment_id_compliance_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."compliance_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remediation_requests" ADD CONSTRAINT "remediation_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_link_reminders_once_key" ON "vendor_link_reminders" USING btree ("kind","subject_id","reminder");--> statement-breakpoint
CREATE INDEX "vendor_link_reminders_unsent_idx" ON "vendor_link_reminders" USING btree ("claimed_at") WHERE "vendor_link_reminders"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_links_token_hash_key" ON "vendor_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_links_subject_key" ON "vendor_links" USING btree ("kind","subject_id");--> statement-breakpoint
CREATE INDEX "vendor_links_workspace_idx" ON "vendor_links" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "remediation_attachments_request_idx" ON "remediation_attachments" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "remediation_events_request_idx" ON "remediation_events" USING btree ("request_id","at");--> statement-breakpoint
CREATE INDEX "remediation_rechecks_request_idx" ON "remediation_rechecks" USING btree ("request_id","requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remediation_rechecks_crawl_idx" ON "remediation_rechecks" USING btree ("crawl_job_id");--> statement-breakpoint
CREATE INDEX "remediation_replies_request_idx" ON "remediation_replies" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "remediation_requests_workspace_created_idx" ON "remediation_requests" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remediation_requests_vendor_idx" ON "remediation_requests" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "remediation_requests_open_due_idx" ON "remediation_requests" USING btree ("due_at") WHERE "remediation_requests"."state" in ('sent', 'viewed', 'responded');