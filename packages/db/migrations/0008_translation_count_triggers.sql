-- Counts of the translation memory (ADR 0007), kept by triggers in the transaction of the change
-- that moves them, whatever wrote it: the translation writer, a segment deleted by the crawl or
-- by project/deleteIndividualSegments, a language deleted, a project deleted.
--
-- project_segment_totals: segments, words and characters of a project (and of its new segments).
-- translation_counts: the same per (project, language, type, display type) for translation rows;
-- the untranslated bucket is the project total minus USER, MACHINE and PBK.
--
-- Statement-level triggers with transition tables: one grouped update per statement, so a crawl
-- storing 400 segments or a re-crawl marking 100,000 seen costs one update per project, not one
-- per row. Deletions only ever UPDATE existing count rows (never insert), because a cascade from
-- a project being deleted must not re-create rows that reference it.
CREATE OR REPLACE FUNCTION bhasha_segment_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO project_segment_totals AS t
      (project_id, segment_count, word_count, char_count, new_segment_count, new_word_count)
    SELECT project_id, count(*), sum(word_count), sum(char_length(text)),
      count(*) FILTER (WHERE is_new), coalesce(sum(word_count) FILTER (WHERE is_new), 0)
    FROM new_rows GROUP BY project_id
    ON CONFLICT (project_id) DO UPDATE SET
      segment_count = t.segment_count + EXCLUDED.segment_count,
      word_count = t.word_count + EXCLUDED.word_count,
      char_count = t.char_count + EXCLUDED.char_count,
      new_segment_count = t.new_segment_count + EXCLUDED.new_segment_count,
      new_word_count = t.new_word_count + EXCLUDED.new_word_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE project_segment_totals t SET
      segment_count = t.segment_count - d.segments,
      word_count = t.word_count - d.words,
      char_count = t.char_count - d.chars,
      new_segment_count = t.new_segment_count - d.new_segments,
      new_word_count = t.new_word_count - d.new_words
    FROM (
      SELECT project_id, count(*) AS segments, sum(word_count) AS words, sum(char_length(text)) AS chars,
        count(*) FILTER (WHERE is_new) AS new_segments,
        coalesce(sum(word_count) FILTER (WHERE is_new), 0) AS new_words
      FROM old_rows GROUP BY project_id
    ) d
    WHERE t.project_id = d.project_id;
  ELSE
    UPDATE project_segment_totals t SET
      word_count = t.word_count + d.words,
      char_count = t.char_count + d.chars,
      new_segment_count = t.new_segment_count + d.new_segments,
      new_word_count = t.new_word_count + d.new_words
    FROM (
      SELECT n.project_id,
        sum(n.word_count - o.word_count) AS words,
        sum(char_length(n.text) - char_length(o.text)) AS chars,
        sum((CASE WHEN n.is_new THEN 1 ELSE 0 END) - (CASE WHEN o.is_new THEN 1 ELSE 0 END)) AS new_segments,
        sum((CASE WHEN n.is_new THEN n.word_count ELSE 0 END)
          - (CASE WHEN o.is_new THEN o.word_count ELSE 0 END)) AS new_words
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.is_new IS DISTINCT FROM o.is_new OR n.word_count <> o.word_count OR n.text <> o.text
      GROUP BY n.project_id
    ) d
    WHERE t.project_id = d.project_id;
    -- The copies on the translation rows move their buckets through the translations trigger.
    UPDATE translations tr SET
      segment_is_new = n.is_new, word_count = n.word_count, char_count = char_length(n.text)
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE tr.segment_id = n.id
      AND (n.is_new IS DISTINCT FROM o.is_new OR n.word_count <> o.word_count OR n.text <> o.text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER segments_totals_insert AFTER INSERT ON segments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_segment_totals();
--> statement-breakpoint
CREATE TRIGGER segments_totals_update AFTER UPDATE ON segments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_segment_totals();
--> statement-breakpoint
CREATE TRIGGER segments_totals_delete AFTER DELETE ON segments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_segment_totals();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bhasha_translation_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE translation_counts c SET
      segment_count = c.segment_count - d.segments,
      word_count = c.word_count - d.words,
      char_count = c.char_count - d.chars,
      new_segment_count = c.new_segment_count - d.new_segments,
      new_word_count = c.new_word_count - d.new_words
    FROM (
      SELECT project_id, target_lang, type, display_type, count(*) AS segments,
        sum(word_count) AS words, sum(char_count) AS chars,
        count(*) FILTER (WHERE segment_is_new) AS new_segments,
        coalesce(sum(word_count) FILTER (WHERE segment_is_new), 0) AS new_words
      FROM old_rows GROUP BY 1, 2, 3, 4
    ) d
    WHERE c.project_id = d.project_id AND c.target_lang = d.target_lang
      AND c.type = d.type AND c.display_type = d.display_type;
    RETURN NULL;
  END IF;
  -- Insert: every new row adds to its bucket. Update: a changed row leaves its old bucket and
  -- joins its new one (both deltas, summed per bucket).
  IF TG_OP = 'INSERT' THEN
    INSERT INTO translation_counts AS c
      (project_id, target_lang, type, display_type, segment_count, word_count, char_count,
       new_segment_count, new_word_count)
    SELECT project_id, target_lang, type, display_type, count(*), sum(word_count), sum(char_count),
      count(*) FILTER (WHERE segment_is_new), coalesce(sum(word_count) FILTER (WHERE segment_is_new), 0)
    FROM new_rows GROUP BY 1, 2, 3, 4
    ON CONFLICT (project_id, target_lang, type, display_type) DO UPDATE SET
      segment_count = c.segment_count + EXCLUDED.segment_count,
      word_count = c.word_count + EXCLUDED.word_count,
      char_count = c.char_count + EXCLUDED.char_count,
      new_segment_count = c.new_segment_count + EXCLUDED.new_segment_count,
      new_word_count = c.new_word_count + EXCLUDED.new_word_count;
    RETURN NULL;
  END IF;
  INSERT INTO translation_counts AS c
    (project_id, target_lang, type, display_type, segment_count, word_count, char_count,
     new_segment_count, new_word_count)
  SELECT project_id, target_lang, type, display_type, sum(segments), sum(words), sum(chars),
    sum(new_segments), sum(new_words)
  FROM (
    SELECT n.project_id, n.target_lang, n.type, n.display_type, 1 AS segments, n.word_count AS words,
      n.char_count AS chars, CASE WHEN n.segment_is_new THEN 1 ELSE 0 END AS new_segments,
      CASE WHEN n.segment_is_new THEN n.word_count ELSE 0 END AS new_words
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.type, o.display_type, o.target_lang, o.word_count, o.char_count, o.segment_is_new)
      IS DISTINCT FROM (n.type, n.display_type, n.target_lang, n.word_count, n.char_count, n.segment_is_new)
    UNION ALL
    SELECT o.project_id, o.target_lang, o.type, o.display_type, -1, -o.word_count, -o.char_count,
      CASE WHEN o.segment_is_new THEN -1 ELSE 0 END, CASE WHEN o.segment_is_new THEN -o.word_count ELSE 0 END
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.type, o.display_type, o.target_lang, o.word_count, o.char_count, o.segment_is_new)
      IS DISTINCT FROM (n.type, n.display_type, n.target_lang, n.word_count, n.char_count, n.segment_is_new)
  ) deltas
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, target_lang, type, display_type) DO UPDATE SET
    segment_count = c.segment_count + EXCLUDED.segment_count,
    word_count = c.word_count + EXCLUDED.word_count,
    char_count = c.char_count + EXCLUDED.char_count,
    new_segment_count = c.new_segment_count + EXCLUDED.new_segment_count,
    new_word_count = c.new_word_count + EXCLUDED.new_word_count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER translations_counts_insert AFTER INSERT ON translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_translation_counts();
--> statement-breakpoint
CREATE TRIGGER translations_counts_update AFTER UPDATE ON translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_translation_counts();
--> statement-breakpoint
CREATE TRIGGER translations_counts_delete AFTER DELETE ON translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bhasha_translation_counts();
--> statement-breakpoint
-- keepTm (project/delete): the project's translations stay in the organisation's memory.
CREATE OR REPLACE FUNCTION bhasha_keep_project_memory() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.keep_tm IS TRUE THEN
    INSERT INTO memory_entries AS m
      (organisation_id, source_lang, target_lang, source_hash, source_text, text, type,
       display_type, origin, source_project_id)
    SELECT DISTINCT ON (t.target_lang, t.source_hash)
      t.organisation_id, OLD.source_language, t.target_lang, t.source_hash, s.text, t.text, t.type,
      t.display_type, 'keptProject', OLD.id
    FROM translations t JOIN segments s ON s.id = t.segment_id
    WHERE t.project_id = OLD.id AND t.type <> 'NO_TRANSLATION_AVAILABLE' AND t.text <> ''
    ORDER BY t.target_lang, t.source_hash, t.updated_at DESC
    ON CONFLICT (organisation_id, source_lang, target_lang, source_hash) DO UPDATE SET
      text = EXCLUDED.text, type = EXCLUDED.type, display_type = EXCLUDED.display_type,
      origin = EXCLUDED.origin, source_project_id = EXCLUDED.source_project_id, updated_at = now();
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER projects_keep_memory BEFORE DELETE ON projects
  FOR EACH ROW EXECUTE FUNCTION bhasha_keep_project_memory();
--> statement-breakpoint
-- Totals of the segments stored before this migration.
INSERT INTO project_segment_totals
  (project_id, segment_count, word_count, char_count, new_segment_count, new_word_count)
SELECT project_id, count(*), coalesce(sum(word_count), 0), coalesce(sum(char_length(text)), 0),
  count(*) FILTER (WHERE is_new), coalesce(sum(word_count) FILTER (WHERE is_new), 0)
FROM segments GROUP BY project_id
ON CONFLICT (project_id) DO NOTHING;
