CREATE TABLE "programme_tiers" (
	"workspace_id" uuid NOT NULL,
	"tier" smallint NOT NULL,
	"name" text NOT NULL,
	"review_interval_days" integer,
	"max_acceptance_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_tiers_workspace_id_tier_pk" PRIMARY KEY("workspace_id","tier"),
	CONSTRAINT "programme_tiers_tier_check" CHECK ("programme_tiers"."tier" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "vendor_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"reviewer_user_id" uuid,
	"grade" text,
	"assessment_id" uuid,
	"next_review_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_reviews_decision_check" CHECK ("vendor_reviews"."decision" in ('approved', 'approved_with_conditions', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tier" smallint;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tier_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "owner_user_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contacts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "intake" jsonb;--> statement-breakpoint
ALTER TABLE "programme_tiers" ADD CONSTRAINT "programme_tiers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_reviews" ADD CONSTRAINT "vendor_reviews_assessment_id_compliance_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."compliance_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_reviews_vendor_id_reviewed_at_idx" ON "vendor_reviews" USING btree ("vendor_id","reviewed_at" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendor_reviews_workspace_id_idx" ON "vendor_reviews" USING btree ("workspace_id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_tier_check" CHECK ("vendors"."tier" between 1 and 4);