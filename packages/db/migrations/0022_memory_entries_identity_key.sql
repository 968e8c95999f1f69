-- memory_entries gets an identity primary key instead of a random uuid (ADR 0019, session 6): a
-- TMX import's time is PostgreSQL keeping the table's indexes, and with a random uuid each insert
-- dirties a random page of a primary key larger than shared_buffers at a million rows. Measured in
-- psql on PostgreSQL 15, 1,000,000 rows in 5,000-row upserts: 57-79 s of statement time and 34.6 s
-- of the server backend's CPU as it was; with the identity 20-54 s and 17.8-23.4 s of CPU.
-- Data-preserving: every row keeps its texts; rows get new ids (nothing refers to them: the fuzzy
-- index's catch-up pages by (updated_at, id) within one process's lifetime). Each insert now
-- appends to the primary key's last page.
-- COLLATE "C" on the key's text columns was tried too and left out: no gain in the backend's CPU
-- (ADR 0019).
ALTER TABLE "memory_entries" DROP CONSTRAINT "memory_entries_pkey";--> statement-breakpoint
ALTER TABLE "memory_entries" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "memory_entries" ADD COLUMN "id" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "memory_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "memory_entries" ADD PRIMARY KEY ("id");
