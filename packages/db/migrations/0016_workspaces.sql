-- Teams (issue 33): workspaces, their members, invitations, API keys and the audit log.
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_role_check" CHECK ("api_keys"."role" in ('owner', 'admin', 'editor', 'viewer'))
);--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_label" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"client_address" text,
	CONSTRAINT "audit_log_actor_type_check" CHECK ("audit_log"."actor_type" in ('user', 'api_key'))
);--> statement-breakpoint
CREATE TABLE "workspace_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "workspace_invitations_role_check" CHECK ("workspace_invitations"."role" in ('owner', 'admin', 'editor', 'viewer'))
);--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id"),
	CONSTRAINT "workspace_members_role_check" CHECK ("workspace_members"."role" in ('owner', 'admin', 'editor', 'viewer'))
);--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"personal" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invitations" ADD CONSTRAINT "workspace_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_workspace_id_idx" ON "api_keys" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "audit_log_workspace_at_idx" ON "audit_log" USING btree ("workspace_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_workspace_actor_at_idx" ON "audit_log" USING btree ("workspace_id","actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_workspace_action_at_idx" ON "audit_log" USING btree ("workspace_id","action","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_token_hash_key" ON "workspace_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invitations_one_open_per_email" ON "workspace_invitations" USING btree ("workspace_id","email") WHERE "workspace_invitations"."accepted_at" is null and "workspace_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "workspace_members_user_id_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_one_personal_per_user" ON "workspaces" USING btree ("created_by") WHERE "workspaces"."personal";--> statement-breakpoint
-- Every table a user owns gets the workspace it belongs to: nullable first, filled, then required.
ALTER TABLE "projects" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawler_configs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawler_settings" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "schedule_preferences" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "vendor_schedules" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawl_domain_posture" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "crawl_inventories" ADD COLUMN "workspace_id" uuid;--> statement-breakpoint
-- Every existing user gets their personal workspace, as its owner, dated with the account.
INSERT INTO "workspaces" ("name", "personal", "created_by", "created_at")
SELECT 'Personal', true, "id", "created_at" FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "joined_at")
SELECT "id", "created_by", 'owner', "created_at" FROM "workspaces" WHERE "personal";--> statement-breakpoint
-- Every row moves into its owner's personal workspace (crawl facts without an owner column: their crawl's).
UPDATE "projects" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "vendors" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawl_jobs" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawl_pages" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawler_configs" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawler_settings" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "compliance_assessments" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "schedule_preferences" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "schedule_runs" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "vendor_schedules" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawl_changes" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "alert_channels" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "alert_deliveries" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "alert_rules" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawl_inventories" t SET "workspace_id" = w."id" FROM "workspaces" w WHERE w."personal" AND w."created_by" = t."user_id";--> statement-breakpoint
UPDATE "crawl_domain_posture" t SET "workspace_id" = j."workspace_id" FROM "crawl_jobs" j WHERE j."id" = t."job_id";--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_pages" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawler_configs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawler_settings" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_preferences" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_runs" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_schedules" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_changes" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_channels" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_domain_posture" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crawl_inventories" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_jobs" ADD CONSTRAINT "crawl_jobs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_pages" ADD CONSTRAINT "crawl_pages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_configs" ADD CONSTRAINT "crawler_configs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawler_settings" ADD CONSTRAINT "crawler_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_assessments" ADD CONSTRAINT "compliance_assessments_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_preferences" ADD CONSTRAINT "schedule_preferences_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_schedules" ADD CONSTRAINT "vendor_schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_changes" ADD CONSTRAINT "crawl_changes_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_domain_posture" ADD CONSTRAINT "crawl_domain_posture_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crawl_inventories" ADD CONSTRAINT "crawl_inventories_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_workspace_id_created_at_idx" ON "projects" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vendors_workspace_id_created_at_idx" ON "vendors" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crawl_jobs_workspace_id_created_at_idx" ON "crawl_jobs" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crawl_jobs_workspace_id_status_idx" ON "crawl_jobs" USING btree ("workspace_id","status");--> statement-breakpoint
CREATE INDEX "crawl_pages_workspace_id_fetched_at_idx" ON "crawl_pages" USING btree ("workspace_id","fetched_at");--> statement-breakpoint
CREATE INDEX "crawl_pages_workspace_vendor_idx" ON "crawl_pages" USING btree ("workspace_id","vendor_id") INCLUDE ("response_time_ms","status_code");--> statement-breakpoint
CREATE INDEX "crawler_configs_workspace_id_idx" ON "crawler_configs" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crawler_configs_one_active_per_workspace" ON "crawler_configs" USING btree ("workspace_id") WHERE "crawler_configs"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "crawler_settings_vendor_workspace_key" ON "crawler_settings" USING btree ("vendor_id","workspace_id");--> statement-breakpoint
CREATE INDEX "compliance_assessments_workspace_assessed_idx" ON "compliance_assessments" USING btree ("workspace_id","assessed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "compliance_assessments_workspace_vendor_assessed_idx" ON "compliance_assessments" USING btree ("workspace_id","vendor_id","assessed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_preferences_workspace_id_key" ON "schedule_preferences" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "schedule_runs_workspace_id_idx" ON "schedule_runs" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "vendor_schedules_workspace_id_idx" ON "vendor_schedules" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "crawl_changes_workspace_vendor_idx" ON "crawl_changes" USING btree ("workspace_id","vendor_id");--> statement-breakpoint
CREATE INDEX "alert_channels_workspace_idx" ON "alert_channels" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_workspace_created_idx" ON "alert_deliveries" USING btree ("workspace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_rules_workspace_idx" ON "alert_rules" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_rules_workspace_kind_parameters_key" ON "alert_rules" USING btree ("workspace_id","kind",coalesce("min_severity", ''),coalesce("threshold_percent", 0));--> statement-breakpoint
CREATE INDEX "crawl_domain_posture_workspace_id_idx" ON "crawl_domain_posture" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "crawl_inventories_workspace_vendor_completed_idx" ON "crawl_inventories" USING btree ("workspace_id","vendor_id","crawl_completed_at" DESC NULLS LAST);--> statement-breakpoint
-- A new account comes with its personal workspace, whoever makes the account (embedded sign-up, a
-- hosted Supabase user mirrored on their first request, an operator's script): the database sees to it.
CREATE FUNCTION "users_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  personal_id uuid;
BEGIN
  INSERT INTO workspaces (name, personal, created_by) VALUES ('Personal', true, NEW.id) RETURNING id INTO personal_id;
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (personal_id, NEW.id, 'owner');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_personal_workspace" AFTER INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_personal_workspace"();--> statement-breakpoint
-- Until every repository names the workspace it writes to (phase two of issue 33), a row inserted
-- without one takes its parent's (its vendor's, its crawl's) or else its creator's personal workspace.
-- Phase two drops these "<table>_fill_workspace_id" triggers and the functions below.
CREATE FUNCTION "personal_workspace_of"(owner uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  SELECT id FROM workspaces WHERE personal AND created_by = owner
$$;--> statement-breakpoint
CREATE FUNCTION "fill_workspace_from_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := personal_workspace_of(NEW.user_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "fill_workspace_from_vendor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := coalesce((SELECT workspace_id FROM vendors WHERE id = NEW.vendor_id), personal_workspace_of(NEW.user_id));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "fill_workspace_from_crawl"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := (SELECT workspace_id FROM crawl_jobs WHERE id = NEW.job_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "fill_workspace_of_alert_delivery"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.workspace_id := coalesce(
    (SELECT workspace_id FROM crawl_jobs WHERE id = NEW.crawl_job_id),
    (SELECT workspace_id FROM alert_channels WHERE id = NEW.channel_id),
    personal_workspace_of(NEW.user_id)
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "vendors_fill_workspace_id" BEFORE INSERT ON "vendors" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "projects_fill_workspace_id" BEFORE INSERT ON "projects" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "crawler_configs_fill_workspace_id" BEFORE INSERT ON "crawler_configs" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "schedule_preferences_fill_workspace_id" BEFORE INSERT ON "schedule_preferences" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "alert_channels_fill_workspace_id" BEFORE INSERT ON "alert_channels" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "alert_rules_fill_workspace_id" BEFORE INSERT ON "alert_rules" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_user"();--> statement-breakpoint
CREATE TRIGGER "crawler_settings_fill_workspace_id" BEFORE INSERT ON "crawler_settings" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_vendor"();--> statement-breakpoint
CREATE TRIGGER "crawl_jobs_fill_workspace_id" BEFORE INSERT ON "crawl_jobs" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_vendor"();--> statement-breakpoint
CREATE TRIGGER "vendor_schedules_fill_workspace_id" BEFORE INSERT ON "vendor_schedules" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_vendor"();--> statement-breakpoint
CREATE TRIGGER "schedule_runs_fill_workspace_id" BEFORE INSERT ON "schedule_runs" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_vendor"();--> statement-breakpoint
CREATE TRIGGER "crawl_pages_fill_workspace_id" BEFORE INSERT ON "crawl_pages" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
CREATE TRIGGER "compliance_assessments_fill_workspace_id" BEFORE INSERT ON "compliance_assessments" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
CREATE TRIGGER "crawl_changes_fill_workspace_id" BEFORE INSERT ON "crawl_changes" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
CREATE TRIGGER "crawl_inventories_fill_workspace_id" BEFORE INSERT ON "crawl_inventories" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
CREATE TRIGGER "crawl_domain_posture_fill_workspace_id" BEFORE INSERT ON "crawl_domain_posture" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_from_crawl"();--> statement-breakpoint
CREATE TRIGGER "alert_deliveries_fill_workspace_id" BEFORE INSERT ON "alert_deliveries" FOR EACH ROW WHEN (NEW.workspace_id IS NULL) EXECUTE FUNCTION "fill_workspace_of_alert_delivery"();--> statement-breakpoint
-- The audit log is append-only for everyone, the app's own role and table owners included: any
-- UPDATE, DELETE or TRUNCATE fails (statement triggers fire even when no row matches).
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
