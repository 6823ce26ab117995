-- Single sign-on with the company's OpenID Connect provider (issue 42): the provider identities linked to
-- users, the sign-ins in flight between /authorize and the app's code exchange, and workspaces linked to
-- the provider (groups → roles, SSO required).
CREATE TABLE "auth_flow_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_digest" text NOT NULL,
	"nonce" text NOT NULL,
	"provider_code_verifier" text NOT NULL,
	"code_challenge" text NOT NULL,
	"code_challenge_method" text NOT NULL,
	"redirect_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"callback_at" timestamp with time zone,
	"auth_code_digest" text,
	"user_id" uuid,
	"provider_mfa" boolean DEFAULT false NOT NULL,
	"auth_code_issued_at" timestamp with time zone,
	"auth_code_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_sso" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"group_claim" text NOT NULL,
	"group_roles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_role" text,
	"required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_sso_default_role_check" CHECK ("workspace_sso"."default_role" is null or "workspace_sso"."default_role" in ('admin', 'editor', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "auth_flow_states" ADD CONSTRAINT "auth_flow_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_identities" ADD CONSTRAINT "auth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_sso" ADD CONSTRAINT "workspace_sso_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_flow_states_state_digest_key" ON "auth_flow_states" USING btree ("state_digest");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_flow_states_auth_code_digest_key" ON "auth_flow_states" USING btree ("auth_code_digest");--> statement-breakpoint
CREATE INDEX "auth_flow_states_created_at_idx" ON "auth_flow_states" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identities_provider_subject_key" ON "auth_identities" USING btree ("provider","provider_subject");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_identities_provider_user_key" ON "auth_identities" USING btree ("provider","user_id");