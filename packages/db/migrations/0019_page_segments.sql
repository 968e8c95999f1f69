CREATE TABLE "page_segments" (
	"page_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"segment_ids" uuid[] NOT NULL,
	"occurrences" integer[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "first_page_id" uuid;--> statement-breakpoint
ALTER TABLE "page_segments" ADD CONSTRAINT "page_segments_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing occurrences become one row per page (ADR 0025): ids in order of first occurrence, the
-- counts beside them; the project and organisation are the page's own.
INSERT INTO "page_segments" ("page_id", "project_id", "organisation_id", "segment_ids", "occurrences")
SELECT o."page_id", p."project_id", p."organisation_id",
  array_agg(o."segment_id" ORDER BY o."position", o."segment_id"),
  array_agg(o."occurrences" ORDER BY o."position", o."segment_id")
FROM "segment_occurrences" o JOIN "pages" p ON p."id" = o."page_id"
GROUP BY o."page_id", p."project_id", p."organisation_id";--> statement-breakpoint
-- The page each segment was first found on: where it occurred earliest in a page, as MT runs read it before.
UPDATE "segments" s SET "first_page_id" = f."page_id"
FROM (
  SELECT DISTINCT ON ("segment_id") "segment_id", "page_id" FROM "segment_occurrences"
  ORDER BY "segment_id", "position", "page_id"
) f
WHERE s."id" = f."segment_id";
