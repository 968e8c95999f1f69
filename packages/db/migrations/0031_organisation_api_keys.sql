-- Organisation API keys for machines and the audit log of their calls (ADR 0042).
CREATE TABLE "organisation_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_prefix" text NOT NULL,
	"scopes" text[] NOT NULL,
	"project_id" uuid,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "api_key_audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"status_code" integer NOT NULL,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_audit_log" ADD CONSTRAINT "api_key_audit_log_api_key_id_organisation_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."organisation_api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_audit_log" ADD CONSTRAINT "api_key_audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_api_keys_key_hash_uq" ON "organisation_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "organisation_api_keys_organisation_idx" ON "organisation_api_keys" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "api_key_audit_log_organisation_idx" ON "api_key_audit_log" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "api_key_audit_log_key_idx" ON "api_key_audit_log" USING btree ("api_key_id","created_at");--> statement-breakpoint
CREATE INDEX "api_key_audit_log_created_idx" ON "api_key_audit_log" USING btree ("created_at");
