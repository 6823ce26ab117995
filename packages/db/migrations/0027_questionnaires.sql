CREATE TABLE "questionnaire_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"answer" text,
	"comment" text,
	"prefill" jsonb,
	"answered_at" timestamp with time zone,
	"review_decision" text,
	"review_note" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	CONSTRAINT "questionnaire_answers_review_check" CHECK ("questionnaire_answers"."review_decision" is null or "questionnaire_answers"."review_decision" in ('accept', 'follow_up'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"contact_email" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"message" text,
	"state" text DEFAULT 'sent' NOT NULL,
	"prefill_assessment_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"viewed_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "questionnaire_requests_state_check" CHECK ("questionnaire_requests"."state" in ('sent', 'viewed', 'in_progress', 'submitted', 'reviewed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "questionnaire_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"request_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"valid_until" date NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_documents_type_check" CHECK ("vendor_documents"."type" in ('soc2_report', 'iso27001_certificate', 'pentest_summary', 'insurance_certificate', 'policy', 'other'))
);
--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_request_id_questionnaire_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."questionnaire_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_answers" ADD CONSTRAINT "questionnaire_answers_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_prefill_assessment_id_compliance_assessments_id_fk" FOREIGN KEY ("prefill_assessment_id") REFERENCES "public"."compliance_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_requests" ADD CONSTRAINT "questionnaire_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_templates" ADD CONSTRAINT "questionnaire_templates_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_templates" ADD CONSTRAINT "questionnaire_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_documents" ADD CONSTRAINT "vendor_documents_request_id_questionnaire_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."questionnaire_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "questionnaire_answers_question_key" ON "questionnaire_answers" USING btree ("request_id","question_id");--> statement-breakpoint
CREATE INDEX "questionnaire_requests_workspace_idx" ON "questionnaire_requests" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_requests_vendor_idx" ON "questionnaire_requests" USING btree ("vendor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_templates_workspace_idx" ON "questionnaire_templates" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "vendor_documents_vendor_idx" ON "vendor_documents" USING btree ("vendor_id","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_documents_workspace_valid_idx" ON "vendor_documents" USING btree ("workspace_id","valid_until");