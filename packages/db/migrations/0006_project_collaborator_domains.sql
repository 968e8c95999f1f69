CREATE TABLE "project_collaborator_domains" (
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"domain_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_collaborator_domains_project_id_user_id_domain_id_pk" PRIMARY KEY("project_id","user_id","domain_id")
);
--> statement-breakpoint
ALTER TABLE "project_collaborators" ADD COLUMN "all_domains" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "project_collaborator_domains" ADD CONSTRAINT "project_collaborator_domains_domain_id_project_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."project_domains"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_collaborator_domains" ADD CONSTRAINT "project_collaborator_domains_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_collaborator_domains" ADD CONSTRAINT "project_collaborator_domains_assignment_fk" FOREIGN KEY ("project_id","user_id") REFERENCES "public"."project_collaborators"("project_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_collaborator_domains_domain_idx" ON "project_collaborator_domains" USING btree ("domain_id");