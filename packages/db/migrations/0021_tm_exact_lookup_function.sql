-- Exact TM lookup by source hash (ADR 0011, "Exact lookup, session 5"): the organisation's project
-- translations and memory entries of the given hashes, on the b-tree indexes
-- translations_org_hash_idx and memory_entries_key_uq. A function so that the statement is planned
-- once per session and its plan reused: as a prepared statement PostgreSQL re-planned it on every
-- call (the custom plan for a one-element array always looks cheaper than a generic plan that
-- assumes ten), and PGlite plans every statement it is sent; planning the three-table join cost
-- more than running it. A generic plan suits this lookup whatever the number of hashes: one index
-- probe per hash, then the segment and project by primary key.
-- NO_TRANSLATION_AVAILABLE rows are not translations (TRANSLATION_TYPES of @bhasha/contract).
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
    WHERE m.organisation_id = p_organisation_id
      AND m.source_lang = p_source_lang
      AND m.target_lang = p_target_lang
      AND m.source_hash = ANY (p_hashes);
END
$$;
