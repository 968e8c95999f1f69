import { sql } from 'drizzle-orm';
import type { Database } from '@bhasha/db';

/** Rows of a raw query (node-postgres and PGlite both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

export interface BucketTruth {
  segments: number;
  words: number;
  chars: number;
  newSegments: number;
  newWords: number;
}

/** Counts recomputed from the rows (the slow way), keyed `lang|type|displayType`, to check the maintained ones. */
export async function countsFromRows(db: Database, projectId: string): Promise<Map<string, BucketTruth>> {
  const result = await rowsOf<{
    target_lang: string;
    type: string;
    display_type: string;
    segments: string;
    words: string;
    chars: string;
    new_segments: string;
    new_words: string;
  }>(
    db,
    sql`
    select t.target_lang, t.type, t.display_type, count(*) as segments, sum(s.word_count) as words,
      sum(char_length(s.text)) as chars, count(*) filter (where s.is_new) as new_segments,
      coalesce(sum(s.word_count) filter (where s.is_new), 0) as new_words
    from translations t join segments s on s.id = t.segment_id
    where t.project_id = ${projectId}
    group by 1, 2, 3`,
  );
  const map = new Map<string, BucketTruth>();
  for (const r of result) {
    map.set(`${r.target_lang}|${r.type}|${r.display_type}`, {
      segments: Number(r.segments),
      words: Number(r.words),
      chars: Number(r.chars),
      newSegments: Number(r.new_segments),
      newWords: Number(r.new_words),
    });
  }
  return map;
}

/** The maintained counts, non-empty buckets only, in the same shape. */
export async function maintainedCounts(db: Database, projectId: string): Promise<Map<string, BucketTruth>> {
  const result = await rowsOf<{
    target_lang: string;
    type: string;
    display_type: string;
    segment_count: string;
    word_count: string;
    char_count: string;
    new_segment_count: string;
    new_word_count: string;
  }>(db, sql`select * from translation_counts where project_id = ${projectId}`);
  const map = new Map<string, BucketTruth>();
  for (const r of result) {
    const bucket = {
      segments: Number(r.segment_count),
      words: Number(r.word_count),
      chars: Number(r.char_count),
      newSegments: Number(r.new_segment_count),
      newWords: Number(r.new_word_count),
    };
    if (Object.values(bucket).some((v) => v !== 0))
      map.set(`${r.target_lang}|${r.type}|${r.display_type}`, bucket);
  }
  return map;
}

/** Project totals from the segment rows and as maintained. */
export async function totals(db: Database, projectId: string) {
  const truth = await rowsOf<{ n: string; w: string; c: string; nn: string; nw: string }>(
    db,
    sql`
    select count(*) as n, coalesce(sum(word_count), 0) as w, coalesce(sum(char_length(text)), 0) as c,
      count(*) filter (where is_new) as nn, coalesce(sum(word_count) filter (where is_new), 0) as nw
    from segments where project_id = ${projectId}`,
  );
  const kept = await rowsOf<{
    segment_count: string;
    word_count: string;
    char_count: string;
    new_segment_count: string;
    new_word_count: string;
  }>(db, sql`select * from project_segment_totals where project_id = ${projectId}`);
  const t = truth[0]!;
  const k = kept[0];
  return {
    fromRows: [t.n, t.w, t.c, t.nn, t.nw].map(Number),
    maintained: k
      ? [k.segment_count, k.word_count, k.char_count, k.new_segment_count, k.new_word_count].map(Number)
      : [0, 0, 0, 0, 0],
  };
}
