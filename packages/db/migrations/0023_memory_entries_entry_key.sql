-- memory_entries' unique key becomes one bigint (ADR 0019, session 8). A TMX import's time is
-- PostgreSQL keeping memory_entries_key_uq, a b-tree of uuid + two language codes + 64 hex
-- characters (~100 bytes a row, 171 MB with the other indexes at 1 M rows, beyond shared_buffers),
-- into which every upserted row lands on a random page. Measured in psql on PostgreSQL 15, 1 M rows
-- upserted in 5,000-row statements: 12.9-14.3 s of the backend's CPU and 21-23 s of statement time
-- with that key; 6.5-7.3 s and 9-12.5 s with a unique bigint of organisation, languages and hash.
--
-- entry_key = the first 64 bits of SHA-256 over "organisation/source lang/target lang/source hash"
-- (bhasha_memory_key; the import computes the same in JavaScript). Two entries may share a key (a
-- 64-bit collision: about 3e-8 for a million entries); the full identity is stored and compared
-- by every reader, and an entry whose key another entry holds is stored with entry_key null, unique
-- by memory_entries_unkeyed_uq (a partial index, empty in practice, so it costs inserts nothing).
-- Rows written by SQL that does not compute the key land there too and are found the same way.
CREATE OR REPLACE FUNCTION bhasha_memory_key(p_organisation_id uuid, p_source_lang text, p_target_lang text, p_source_hash text)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$
  SELECT ('x' || encode(substring(sha256(convert_to(
    p_organisation_id::text || '/' || p_source_lang || '/' || p_target_lang || '/' || p_source_hash, 'UTF8'))
    FROM 1 FOR 8), 'hex'))::bit(64)::bigint
$$;--> statement-breakpoint
DROP INDEX "memory_entries_key_uq";--> statement-breakpoint
ALTER TABLE "memory_entries" ADD COLUMN "entry_key" bigint;--> statement-breakpoint
-- Data-preserving: every stored entry gets its key; of entries sharing one (a collision), the
-- oldest keeps it and the others stay unkeyed.
UPDATE memory_entries m SET entry_key = k.entry_key
FROM (
  SELECT id, entry_key, row_number() OVER (PARTITION BY entry_key ORDER BY id) AS nth
  FROM (SELECT id, bhasha_memory_key(organisation_id, source_lang, target_lang, source_hash) AS entry_key FROM memory_entries) keyed
) k
WHERE k.id = m.id AND k.nth = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "memory_entries_entry_key_uq" ON "memory_entries" USING btree ("entry_key");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_entries_unkeyed_uq" ON "memory_entries" USING btree ("organisation_id","source_lang","target_lang","source_hash") WHERE entry_key is null;--> statement-breakpoint
-- keepTm (project/delete, migration 0008): the project's translations stay in the organisation's
-- memory, now under their entry key; a translation whose key another entry holds, or whose
-- entry is already stored unkeyed, goes to (or updates) the unkeyed entry.
CREATE OR REPLACE FUNCTION bhasha_keep_project_memory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.keep_tm IS TRUE THEN
    WITH kept AS (
      SELECT DISTINCT ON (t.target_lang, t.source_hash)
        bhasha_memory_key(t.organisation_id, OLD.source_language, t.target_lang, t.source_hash) AS entry_key,
        t.organisation_id, t.target_lang, t.source_hash, s.text AS source_text, t.text, t.type, t.display_type
      FROM translations t JOIN segments s ON s.id = t.segment_id
      WHERE t.project_id = OLD.id AND t.type <> 'NO_TRANSLATION_AVAILABLE' AND t.text <> ''
      ORDER BY t.target_lang, t.source_hash, t.updated_at DESC
    )
    INSERT INTO memory_entries AS m
      (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type,
       display_type, origin, source_project_id)
    SELECT k.entry_key, k.organisation_id, OLD.source_language, k.target_lang, k.source_hash, k.source_text,
      k.text, k.type, k.display_type, 'keptProject', OLD.id
    FROM kept k
    WHERE NOT EXISTS (
      SELECT 1 FROM memory_entries u WHERE u.entry_key IS NULL AND u.organisation_id = k.organisation_id
        AND u.source_lang = OLD.source_language AND u.target_lang = k.target_lang AND u.source_hash = k.source_hash)
    ON CONFLICT (entry_key) DO UPDATE SET
      text = EXCLUDED.text, type = EXCLUDED.type, display_type = EXCLUDED.display_type,
      origin = EXCLUDED.origin, source_project_id = EXCLUDED.source_project_id, updated_at = now()
    WHERE (m.organisation_id, m.source_lang, m.target_lang, m.source_hash)
      = (EXCLUDED.organisation_id, EXCLUDED.source_lang, EXCLUDED.target_lang, EXCLUDED.source_hash);
    WITH kept AS (
      SELECT DISTINCT ON (t.target_lang, t.source_hash)
        bhasha_memory_key(t.organisation_id, OLD.source_language, t.target_lang, t.source_hash) AS entry_key,
        t.organisation_id, t.target_lang, t.source_hash, s.text AS source_text, t.text, t.type, t.display_type
      FROM translations t JOIN segments s ON s.id = t.segment_id
      WHERE t.project_id = OLD.id AND t.type <> 'NO_TRANSLATION_AVAILABLE' AND t.text <> ''
      ORDER BY t.target_lang, t.source_hash, t.updated_at DESC
    )
    INSERT INTO memory_entries AS m
      (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type,
       display_type, origin, source_project_id)
    SELECT NULL, k.organisation_id, OLD.source_language, k.target_lang, k.source_hash, k.source_text,
      k.text, k.type, k.display_type, 'keptProject', OLD.id
    FROM kept k
    WHERE NOT EXISTS (
      SELECT 1 FROM memory_entries e WHERE e.entry_key = k.entry_key AND e.organisation_id = k.organisation_id
        AND e.source_lang = OLD.source_language AND e.target_lang = k.target_lang AND e.source_hash = k.source_hash)
    ON CONFLICT (organisation_id, source_lang, target_lang, source_hash) WHERE entry_key IS NULL DO UPDATE SET
      text = EXCLUDED.text, type = EXCLUDED.type, display_type = EXCLUDED.display_type,
      origin = EXCLUDED.origin, source_project_id = EXCLUDED.source_project_id, updated_at = now();
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
-- The exact lookup (migration 0021) on the new keys: the memory entries are probed by entry key
-- (one b-tree probe per hash on memory_entries_entry_key_uq, the full identity compared) and in the
-- unkeyed partial index; otherwise as before (a function so that its plan is kept per session).
CREATE OR REPLACE FUNCTION bhasha_tm_exact_lookup(
  p_organisation_id uuid,
  p_source_lang text,
  p_target_lang text,
  p_hashes text[]
)
RETURNS TABLE (
  source_hash text,
  source_text text,
  text text,
  type text,
  display_type text,
  project_id uuid,
  updated_at timestamptz
)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
BEGIN
  RETURN QUERY
    SELECT t.source_hash, s.text, t.text, t.type, t.display_type, t.project_id, t.updated_at
    FROM translations t
    JOIN segments s ON s.id = t.segment_id
    JOIN projects p ON p.id = t.project_id
    WHERE t.organisation_id = p_organisation_id
      AND t.source_hash = ANY (p_hashes)
      AND t.target_lang = p_target_lang
      AND p.source_language = p_source_lang
      AND t.type <> 'NO_TRANSLATION_AVAILABLE'
    UNION ALL
    SELECT m.source_hash, m.source_text, m.text, m.type, m.display_type, NULL::uuid, m.updated_at
    FROM memory_entries m
    WHERE m.entry_key = ANY (ARRAY(
        SELECT bhasha_memory_key(p_organisation_id, p_source_lang, p_target_lang, h) FROM unnest(p_hashes) AS h))
      AND m.organisation_id = p_organisation_id
      AND m.source_lang = p_source_lang
      AND m.target_lang = p_target_lang
      AND m.source_hash = ANY (p_hashes)
    UNION ALL
    SELECT m.source_hash, m.source_text, m.text, m.type, m.display_type, NULL::uuid, m.updated_at
    FROM memory_entries m
    WHERE m.entry_key IS NULL
      AND m.organisation_id = p_organisation_id
      AND m.source_lang = p_source_lang
      AND m.target_lang = p_target_lang
      AND m.source_hash = ANY (p_hashes);
END
$$;
