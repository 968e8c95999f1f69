CREATE TABLE "manual_translation_request_segments" (
	"request_id" uuid NOT NULL,
	"source_hash" text NOT NULL,
	"text" text NOT NULL,
	"word_count" integer NOT NULL,
	"position" bigint NOT NULL,
	CONSTRAINT "manual_translation_request_segments_request_id_source_hash_pk" PRIMARY KEY("request_id","source_hash")
);
--> statement-breakpoint
CREATE TABLE "manual_translation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid,
	"project_name" text NOT NULL,
	"target_languages" text[] NOT NULL,
	"segment_count" integer NOT NULL,
	"word_count" integer NOT NULL,
	"status" text DEFAULT 'pendingManualTranslation' NOT NULL,
	"note" text,
	"rejection_reason" text,
	"requested_by" uuid,
	"status_changed_by" uuid,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_translation_request_segments" ADD CONSTRAINT "manual_translation_request_segments_request_id_manual_translation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."manual_translation_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_translation_requests" ADD CONSTRAINT "manual_translation_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_translation_requests" ADD CONSTRAINT "manual_translation_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_translation_requests" ADD CONSTRAINT "manual_translation_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_translation_requests" ADD CONSTRAINT "manual_translation_requests_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_translation_request_segments_order_idx" ON "manual_translation_request_segments" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "manual_translation_requests_org_created_idx" ON "manual_translation_requests" USING btree ("organisation_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manual_translation_requests_project_created_idx" ON "manual_translation_requests" USING btree ("project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "manual_translation_requests_open_idx" ON "manual_translation_requests" USING btree ("created_at") WHERE "manual_translation_requests"."status" in ('pendingManualTranslation', 'processingManualTranslation');--> statement-breakpoint
-- The project of an order went (deleted with or without its TM): the order stays, as projectDeleted.
CREATE FUNCTION bhasha_manual_request_project_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.status := 'projectDeleted';
  NEW.status_changed_at := now();
  NEW.status_changed_by := NULL;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER manual_translation_requests_project_deleted BEFORE UPDATE OF project_id ON manual_translation_requests
  FOR EACH ROW WHEN (OLD.project_id IS NOT NULL AND NEW.project_id IS NULL)
  EXECUTE FUNCTION bhasha_manual_request_project_deleted();
