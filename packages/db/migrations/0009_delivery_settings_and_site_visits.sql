CREATE TABLE "delivery_settings" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"popup_css" text DEFAULT '' NOT NULL,
	"cache_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_visits" (
	"project_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"day" date NOT NULL,
	"hostname" text NOT NULL,
	"url" text NOT NULL,
	"language" text NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "site_visits_project_id_day_url_language_pk" PRIMARY KEY("project_id","day","url","language")
);
--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_visits" ADD CONSTRAINT "site_visits_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_visits_project_host_idx" ON "site_visits" USING btree ("project_id","hostname","day");