CREATE TABLE "risk_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"check_id" text NOT NULL,
	"check_title" text NOT NULL,
	"assessment_id" uuid,
	"justification" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by_user_id" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"revoked_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoke_note" text,
	CONSTRAINT "risk_acceptances_status_valid" CHECK ("risk_acceptances"."status" in ('pending', 'approved', 'rejected', 'revoked'))
);
--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_assessment_id_compliance_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."compliance_assessments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_acceptances" ADD CONSTRAINT "risk_acceptances_revoked_by_user_id_users_id_fk" FOREIGN KEY ("revoked_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_acceptances_workspace_status_expires_idx" ON "risk_acceptances" USING btree ("workspace_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "risk_acceptances_vendor_check_idx" ON "risk_acceptances" USING btree ("vendor_id","check_id");