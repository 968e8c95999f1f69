-- The editor pages in document order by keyset (ADR 0018): segments by (project_id, seq), new
-- segments by a partial index, and type filters straight from the translations through a copy of
-- the segment's seq, so a page reads about a page of index entries whatever the project's size.
DROP INDEX "segments_project_order_idx";--> statement-breakpoint
DROP INDEX "translations_project_lang_type_idx";--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "segment_seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "translations" t SET "segment_seq" = s."seq" FROM "segments" s WHERE s."id" = t."segment_id";--> statement-breakpoint
-- Every insert path (the translation writer, imports, raw SQL) gets the copy; a segment's seq never changes.
CREATE OR REPLACE FUNCTION bhasha_translation_segment_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.seq INTO NEW.segment_seq FROM segments s WHERE s.id = NEW.segment_id;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER translations_segment_seq BEFORE INSERT ON "translations"
  FOR EACH ROW EXECUTE FUNCTION bhasha_translation_segment_seq();--> statement-breakpoint
CREATE INDEX "segments_project_seq_idx" ON "segments" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "segments_project_new_seq_idx" ON "segments" USING btree ("project_id","seq") WHERE "segments"."is_new";--> statement-breakpoint
CREATE INDEX "translations_project_lang_type_seq_idx" ON "translations" USING btree ("project_id","target_lang","type","segment_seq");--> statement-breakpoint
CREATE INDEX "translations_project_lang_t13n_seq_idx" ON "translations" USING btree ("project_id","target_lang","segment_seq") WHERE "translations"."display_type" = 't13n';
