-- memory_entries' keys made cheap to maintain (ADR 0019, session 6): a TMX import's time is
-- PostgreSQL keeping the table's indexes, and two of them cost most of it. Measured in psql on
-- PostgreSQL 15, 1,000,000 rows in 5,000-row upserts: 57 s as it was, 31-38 s with these changes.
-- Data-preserving: every row keeps its texts; rows get new ids (nothing refers to them: the fuzzy
-- index's catch-up pages by (updated_at, id) within one process's lifetime).
--
-- 1. An identity primary key instead of a random uuid: each insert appends to the last page of
--    the primary key instead of dirtying a random page of an index larger than shared_buffers.
ALTER TABLE "memory_entries" DROP CONSTRAINT "memory_entries_pkey";--> statement-breakpoint
ALTER TABLE "memory_entries" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "memory_entries" ADD COLUMN "id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "memory_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "memory_entries" ADD PRIMARY KEY ("id");--> statement-breakpoint
-- 2. The unique key's text columns compare bytes (COLLATE "C"). The database is C.UTF-8, which
--    PostgreSQL 15 does not take for "C": every comparison in memory_entries_key_uq went through
--    strcoll. Hex hashes and language codes are ASCII, so equality and order are unchanged; the
--    index is rebuilt by the type change. drizzle has no column collation, so this is by hand (the
--    schema file says so). Queries comparing these columns with text parameters use "C" (the
--    column's implicit collation wins over the default), so the b-tree still serves them.
ALTER TABLE "memory_entries" ALTER COLUMN "source_lang" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "memory_entries" ALTER COLUMN "target_lang" SET DATA TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "memory_entries" ALTER COLUMN "source_hash" SET DATA TYPE text COLLATE "C";
