CREATE TABLE "url_translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"language" text NOT NULL,
	"source_path" text NOT NULL,
	"translated_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "url_translations" ADD CONSTRAINT "url_translations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "url_translations" ADD CONSTRAINT "url_translations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "url_translations_source_uq" ON "url_translations" USING btree ("project_id","language","source_path");--> statement-breakpoint
CREATE UNIQUE INDEX "url_translations_translated_uq" ON "url_translations" USING btree ("project_id","language","translated_path");--> statement-breakpoint
CREATE INDEX "url_translations_organisation_idx" ON "url_translations" USING btree ("organisation_id");