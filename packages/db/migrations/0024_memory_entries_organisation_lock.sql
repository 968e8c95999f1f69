-- memory_entries loses its foreign key to organisations (ADR 0019, session 8): its check is a
-- query per inserted row (RI_FKey_check_ins: SELECT ... FOR KEY SHARE on the organisation), which
-- cost 4-9 s of the server backend's CPU per million upserted rows on top of 7 s for the rest
-- (psql, PostgreSQL 15, 5,000-row upserts, load 10-13). What the key gave is kept another way:
-- - no entry of an organisation that does not exist: the TMX import's upsert locks the
--   organisation once per statement, FOR KEY SHARE as the check did, and inserts nothing if it is
--   gone (a concurrent deletion waits for the import's transaction, then deletes its rows); the
--   keepTm trigger writes for the organisation of the project being deleted, which exists;
-- - the cascade: deleting an organisation deletes its entries. The trigger's name sorts after
--   the RI_ConstraintTrigger_* triggers of the other tables' cascades, so it runs after them and
--   also deletes what a cascaded project's keepTm trigger has just kept.
ALTER TABLE "memory_entries" DROP CONSTRAINT "memory_entries_organisation_id_organisations_id_fk";--> statement-breakpoint
CREATE OR REPLACE FUNCTION bhasha_forget_organisation_memory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM memory_entries WHERE organisation_id = OLD.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER organisations_memory_delete AFTER DELETE ON organisations
  FOR EACH ROW EXECUTE FUNCTION bhasha_forget_organisation_memory();
