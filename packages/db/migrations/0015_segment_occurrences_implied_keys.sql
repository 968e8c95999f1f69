ALTER TABLE "segment_occurrences" DROP CONSTRAINT "segment_occurrences_project_id_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "segment_occurrences" DROP CONSTRAINT "segment_occurrences_organisation_id_organisations_id_fk";
