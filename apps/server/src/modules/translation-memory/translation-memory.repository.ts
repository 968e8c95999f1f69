import { and, asc, eq, gt, ne, sql, type SQL } from 'drizzle-orm';
import {
  memoryEntries,
  organisations,
  pglitePreparedStatement,
  segments,
  translations,
  type Database,
} from '@bhasha/db';
import type { DisplayType, TranslationType } from '@bhasha/contract';
import { pgArray } from '../../lib/pg-array';
import { BinaryTextColumn } from '../../lib/pg-binary-array';
import { isUniqueViolation } from '../../lib/db-errors';
import { rowsOf } from '../../lib/rows-of';
import { inReadTransaction, postgresPoolOf } from '../../lib/read-transaction';
import { keyOrder } from './key-order';
import { memoryEntryKey } from './memory-entry-key';
import {
  appendRows,
  BINARY_ARRAYS,
  chunkRows,
  LITERAL_ARRAYS,
  pickRows,
  type KeyedColumns,
  type LanguagePair,
  type Texts,
} from './memory-write-columns.repository';

/**
 * How far each table has been read. Kept apart because their timestamps come from different
 * clocks (the application's for translations, the database's for memory entries).
 */
export interface SourceWatermarks {
  translations: Date;
  memory: Date;
}

/** A translation of a memory source in one target language. */
export interface MemoryTranslation {
  sourceHash: string;
  sourceText: string;
  text: string;
  type: TranslationType;
  displayType: DisplayType;
  projectId: string | null;
  updatedAt: Date;
}

/** One project translation for export. */
export interface ExportRow {
  segmentId: string;
  sourceText: string;
  text: string;
  type: TranslationType;
  displayType: DisplayType;
  updatedAt: Date;
}

const UNTRANSLATED = 'NO_TRANSLATION_AVAILABLE';
/** Rows a memory upsert statement takes: a whole import batch (`TMX_IMPORT_BATCH`, 10,000). */
const MEMORY_CHUNK = 10_000;

/**
 * The exact lookup of `translationsOf`: one named prepared statement over the database function
 * `bhasha_tm_exact_lookup` (migration `0021_tm_exact_lookup_function`), which holds the UNION ALL of
 * the organisation's project translations and memory entries. The function keeps one plan per
 * session; the same UNION ALL sent as a statement was planned again on every call on both engines,
 * which cost more than running it (ADR 0011).
 */
function prepareExactLookup(db: Database) {
  const found = sql`bhasha_tm_exact_lookup(${sql.placeholder('organisationId')}::uuid, ${sql.placeholder('sourceLang')}::text, ${sql.placeholder('targetLang')}::text, ${sql.placeholder('hashes')}::text[]) as found`;
  return db
    .select({
      sourceHash: sql<string>`found.source_hash`,
      sourceText: sql<string>`found.source_text`,
      text: sql<string>`found.text`,
      type: sql<string>`found.type`,
      displayType: sql<string>`found.display_type`,
      projectId: sql<string | null>`found.project_id`,
      // The same decoding as the tables' own timestamp columns (both drivers hand drizzle text).
      updatedAt: sql`found.updated_at`.mapWith(memoryEntries.updatedAt),
    })
    .from(found)
    .prepare('tm_exact_lookup');
}

/**
 * The same lookup on PGlite, as a statement the engine parses and plans once and then runs with one
 * message (`pglitePreparedStatement`): through drizzle and PGlite's `query` every lookup was parsed,
 * planned and described again and its rows decoded twice, ~0.3 ms of a 0.47 ms median lookup whose
 * function runs in 0.05 ms (ADR 0019, "exact lookup on PGlite"). Columns in the function's order.
 */
const EXACT_LOOKUP_ON_PGLITE = `select source_hash, source_text, text, type, display_type, project_id, updated_at
  from bhasha_tm_exact_lookup($1::uuid, $2::text, $3::text, $4::text[])`;

/** A row of EXACT_LOOKUP_ON_PGLITE (text columns) as `translationsOf` answers it. */
function memoryTranslationOf(row: readonly (string | null)[]): MemoryTranslation {
  return {
    sourceHash: row[0]!,
    sourceText: row[1]!,
    text: row[2]!,
    type: row[3] as TranslationType,
    displayType: row[4] as DisplayType,
    projectId: row[5] ?? null,
    // As drizzle decodes it on the other path (the column's own mapping of the timestamp's text).
    updatedAt: memoryEntries.updatedAt.mapFromDriverValue(row[6]!) as Date,
  };
}

/**
 * The organisation's row, locked FOR KEY SHARE for the rest of the transaction: what the foreign
 * key's per-row check did, once per statement (migration 0024). An upsert joined with it inserts
 * nothing for an organisation that is gone, and a concurrent deletion waits for it, then deletes
 * what it stored.
 */
function lockedOrganisation(organisationId: string) {
  return sql`select id from ${organisations} where id = ${organisationId}::uuid for key share`;
}

/** Rows an INSERT … ON CONFLICT wrote: node-postgres answers `rowCount`, PGlite `affectedRows`. */
function writtenRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return rowCount ?? affectedRows ?? 0;
}

/**
 * Pairs whose last plain insert met a stored key, and how many chunks to upsert before trying a
 * plain insert again (doubling up to MAX_PLAIN_BACKOFF while it keeps failing): a re-import then
 * wastes an aborted statement on one chunk in 64 at most, a first import none.
 */
const MAX_PLAIN_BACKOFF = 64;
/** A bound on the remembered pairs (organisation and languages); forgetting one costs one aborted statement. */
const MAX_BACKOFF_PAIRS = 1_000;

/** A TMX unit kept in the organisation's memory. */
export interface MemoryEntryRow {
  sourceLang: string;
  targetLang: string;
  sourceHash: string;
  sourceText: string;
  text: string;
  projectId: string;
}

/**
 * TMX units of one language pair and project as columns (row r across the arrays); hashes distinct.
 * The texts as strings, or as elements of `BinaryTextColumn`s: row r's source text is element
 * `elements.source[r]` of `sourceTexts`, its translation element `elements.text[r]` of `texts`.
 */
export type MemoryColumns = {
  sourceLang: string;
  targetLang: string;
  projectId: string;
  sourceHashes: readonly string[];
} & (
  | { sourceTexts: readonly string[]; texts: readonly string[]; elements?: undefined }
  | {
      sourceTexts: BinaryTextColumn;
      texts: BinaryTextColumn;
      elements: { source: ArrayLike<number>; text: ArrayLike<number> };
    }
);

/**
 * Queries of the translation-memory module. Every query is bound to one organisation: the
 * caller's, resolved by the service through project access, so foreign rows never appear.
 */
export function createTranslationMemoryRepository(db: Database) {
  let preparedExactLookup: ReturnType<typeof prepareExactLookup> | undefined;
  /** Prepared once per database: drizzle builds the SQL once and PostgreSQL can keep the plan. */
  const exactLookup = () => (preparedExactLookup ??= prepareExactLookup(db));
  /** On PGlite, the lookup as the engine's own prepared statement; null on PostgreSQL. */
  const pgliteExactLookup = pglitePreparedStatement(db, 'tm_exact_lookup', EXACT_LOOKUP_ON_PGLITE);

  const arrays = postgresPoolOf(db) ? BINARY_ARRAYS : LITERAL_ARRAYS;
  const plainBackoff = new Map<string, { skip: number; streak: number }>();

  /** Rows of a chunk not stored unkeyed already: those go on being updated there. */
  function notStoredUnkeyed(organisationId: string, pair: LanguagePair) {
    return sql`not exists (
        select 1 from ${memoryEntries} u
        where u.entry_key is null and u.organisation_id = ${organisationId}::uuid and u.source_lang = ${pair.sourceLang}
          and u.target_lang = ${pair.targetLang} and u.source_hash = t.source_hash)`;
  }

  /** The insert's head and its select list (the columns every keyed memory write sets). */
  function keyedInsert(organisationId: string, pair: LanguagePair, chunk: KeyedColumns) {
    const { project, rows } = chunkRows(arrays, chunk, true);
    return sql`
      with organisation as (${lockedOrganisation(organisationId)})
      insert into ${memoryEntries} as m (entry_key, organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin, source_project_id)
      select t.entry_key, ${organisationId}::uuid, ${pair.sourceLang}, ${pair.targetLang}, t.source_hash, t.source_text, t.text, 'USER', 'tmx', ${project.column}
      from ${rows}, organisation
      where ${notStoredUnkeyed(organisationId, pair)}`;
  }

  /**
   * Inserts rows under their keys with a plain INSERT; answers how many it wrote, or null when a key
   * is already stored (the statement then wrote nothing). `ON CONFLICT` costs every row a probe of the
   * key's index before its insert and a second WAL record to confirm it (speculative insertion):
   * ~15 % of the backend's CPU for new rows (psql, ADR 0019), which a first import is.
   * Only outside a transaction, as the repository runs (`db` is the database): the failed statement
   * aborts nothing else.
   */
  async function insertKeyed(insert: SQL) {
    try {
      return writtenRows(await db.execute(insert));
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Upserts rows under their keys; answers how many it wrote (inserted, or updated with new texts). */
  async function upsertKeyed(insert: SQL) {
    const result = await db.execute(sql`${insert}
      on conflict (entry_key)
      do update set text = excluded.text, source_text = excluded.source_text, updated_at = now()
      where (m.organisation_id, m.source_lang, m.target_lang, m.source_hash)
          = (excluded.organisation_id, excluded.source_lang, excluded.target_lang, excluded.source_hash)
        and (m.text, m.source_text) is distinct from (excluded.text, excluded.source_text)
`);
    return writtenRows(result);
  }

  /**
   * Writes rows under their keys: a plain insert first unless the pair's last one met stored keys
   * (then the upsert, backing off), the upsert when the insert meets one. Same rows and answers
   * either way: what the insert wrote is what the upsert would have.
   */
  async function writeKeyed(organisationId: string, pair: LanguagePair, chunk: KeyedColumns) {
    // Built once: the upsert after a failed insert sends the same parameters.
    const insert = keyedInsert(organisationId, pair, chunk);
    const pairKey = `${organisationId}/${pair.sourceLang}/${pair.targetLang}`;
    const backoff = plainBackoff.get(pairKey);
    if (backoff && backoff.skip > 0) {
      backoff.skip -= 1;
      return upsertKeyed(insert);
    }
    const inserted = await insertKeyed(insert);
    if (inserted !== null) {
      plainBackoff.delete(pairKey);
      return inserted;
    }
    const streak = Math.min(MAX_PLAIN_BACKOFF, (backoff?.streak ?? 0) * 2 || 1);
    if (!backoff && plainBackoff.size >= MAX_BACKOFF_PAIRS) plainBackoff.clear();
    plainBackoff.set(pairKey, { skip: streak, streak });
    return upsertKeyed(insert);
  }

  /**
   * Of rows the keyed upsert did not write, those whose entry is not stored under their key (their
   * indices in the chunk): the key is another entry's, or the entry is stored unkeyed. The rest were
   * unchanged.
   */
  async function entriesNotStoredUnderKey(
    organisationId: string,
    pair: LanguagePair,
    chunk: KeyedColumns,
  ): Promise<number[]> {
    const keys = arrays.keys(chunk.keys);
    const hashes = arrays.texts(chunk.sourceHashes);
    const result = await db.execute(sql`
      select t.source_hash from (select unnest(${keys}::bigint[]) as entry_key, unnest(${hashes}::text[]) as source_hash) as t
      where not exists (
        select 1 from ${memoryEntries} m
        where m.entry_key = t.entry_key and m.organisation_id = ${organisationId}::uuid and m.source_lang = ${pair.sourceLang}
          and m.target_lang = ${pair.targetLang} and m.source_hash = t.source_hash)`);
    const found = new Set(rowsOf<{ source_hash: string }>(result).map((row) => row.source_hash));
    return chunk.sourceHashes.flatMap((hash, i) => (found.has(hash) ? [i] : []));
  }

  /** Upserts rows without a key, unique by `memory_entries_unkeyed_uq`. */
  async function upsertUnkeyed(organisationId: string, pair: LanguagePair, chunk: KeyedColumns) {
    const { project, rows } = chunkRows(arrays, chunk, false);
    await db.execute(sql`
      with organisation as (${lockedOrganisation(organisationId)})
      insert into ${memoryEntries} as m (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin, source_project_id)
      select ${organisationId}::uuid, ${pair.sourceLang}, ${pair.targetLang}, t.source_hash, t.source_text, t.text, 'USER', 'tmx', ${project.column}
      from ${rows}, organisation
      on conflict (organisation_id, source_lang, target_lang, source_hash) where entry_key is null
      do update set text = excluded.text, source_text = excluded.source_text, updated_at = now()
      where (m.text, m.source_text) is distinct from (excluded.text, excluded.source_text)`);
  }

  /** Stores rows of one language pair (see `upsertMemoryEntries`), in chunks of MEMORY_CHUNK. */
  async function writeMemory(
    organisationId: string,
    pair: LanguagePair,
    projectIds: string | readonly string[],
    columns: { sourceHashes: readonly string[]; sourceTexts: Texts; texts: Texts },
  ): Promise<void> {
    const keys = columns.sourceHashes.map((hash) =>
      memoryEntryKey(organisationId, pair.sourceLang, pair.targetLang, hash),
    );
    const all: KeyedColumns = {
      keys,
      sourceHashes: columns.sourceHashes as string[],
      sourceTexts: columns.sourceTexts,
      texts: columns.texts,
      projectIds: projectIds as string | string[],
    };
    // In key order: consecutive rows land on neighbouring pages of the unique index.
    const order = keyOrder(keys);
    for (let at = 0; at < order.length; at += MEMORY_CHUNK) {
      const indices = order.slice(at, at + MEMORY_CHUNK);
      // Two sources of one chunk sharing a key (sorted, so neighbours): the second goes unkeyed,
      // as one statement's ON CONFLICT cannot touch one row twice.
      const shared = (n: number) => n > 0 && keys[indices[n]!] === keys[indices[n - 1]!];
      const chunk = pickRows(
        all,
        indices.filter((_, n) => !shared(n)),
      );
      const unkeyed = pickRows(
        all,
        indices.filter((_, n) => shared(n)),
      );
      // All written (a first import): done. Otherwise some were unchanged or need the unkeyed path.
      const more =
        (await writeKeyed(organisationId, pair, chunk)) < chunk.keys.length
          ? pickRows(chunk, await entriesNotStoredUnderKey(organisationId, pair, chunk))
          : null;
      const rest = more ? appendRows(unkeyed, more) : unkeyed;
      if (rest.keys.length > 0) await upsertUnkeyed(organisationId, pair, rest);
    }
  }

  return {
    /**
     * Translations in `targetLang` of the given source hashes, from the organisation's projects and
     * memory: one round trip whatever the number of hashes, answered from a plan the database
     * keeps, on the b-tree indexes `translations_org_hash_idx` and `memory_entries_entry_key_uq`
     * (plus the unkeyed entries' partial index; bench/src/tm-exact-lookup.ts measures it).
     */
    async translationsOf(
      organisationId: string,
      sourceLang: string,
      targetLang: string,
      hashes: readonly string[],
    ): Promise<MemoryTranslation[]> {
      if (hashes.length === 0) return [];
      // One array parameter per table: the statement is the same whatever the number of hashes.
      if (pgliteExactLookup) {
        const found = await pgliteExactLookup.run([organisationId, sourceLang, targetLang, pgArray(hashes)]);
        return found.map(memoryTranslationOf);
      }
      const rows = await exactLookup().execute({
        organisationId,
        sourceLang,
        targetLang,
        hashes: pgArray(hashes),
      });
      return rows.map((row) => ({
        ...row,
        type: row.type as TranslationType,
        displayType: row.displayType as DisplayType,
      }));
    },

    /**
     * Translated source texts of the organisation in one source language changed since a watermark
     * (project translations or the organisation's memory entries), for the fuzzy index: handed to
     * `onPage` a page at a time as two parallel arrays (hashes, texts), so a memory of a million
     * units is never one result in memory. Answers the newest `updated_at` among the rows read
     * (null when there were none), for the next catch-up's watermark.
     *
     * One cursor over one query in one transaction, not keyset pages: a million rows were 100
     * index-range scans, each sorting its page by (updated_at, id), and drizzle objects with a
     * parsed `Date` per row (1 M rows: 24 s wall, 6.3 s of this process's CPU at load 10; the
     * cursor 6.6–8.4 s and 2.3–2.6 s). The cursor's snapshot reads every row once,
     * whatever timestamps rows share. The newest timestamp is read first, by its own statement:
     * every row it covers is in the cursor's later snapshot, and rows committed between the two
     * are read now and again next time (harmless), never missed.
     */
    async readSources(
      table: 'translations' | 'memory',
      organisationId: string,
      sourceLang: string,
      since: Date,
      pageSize: number,
      onPage: (hashes: string[], texts: string[]) => void,
    ): Promise<Date | null> {
      const values = [organisationId, sourceLang, since.toISOString()];
      const [newestSql, rowsSql] =
        table === 'translations'
          ? [
              `select max(t.updated_at) from translations t join projects p on p.id = t.project_id
               where t.organisation_id = $1::uuid and p.source_language = $2 and t.type <> '${UNTRANSLATED}'
                 and t.updated_at > $3::timestamptz`,
              `select s.source_hash, s.text from translations t
                 join segments s on s.id = t.segment_id join projects p on p.id = t.project_id
               where t.organisation_id = $1::uuid and p.source_language = $2 and t.type <> '${UNTRANSLATED}'
                 and t.updated_at > $3::timestamptz`,
            ]
          : [
              `select max(updated_at) from memory_entries
               where organisation_id = $1::uuid and source_lang = $2 and updated_at > $3::timestamptz`,
              `select source_hash, source_text from memory_entries
               where organisation_id = $1::uuid and source_lang = $2 and updated_at > $3::timestamptz`,
            ];
      return inReadTransaction(db, async (query) => {
        const [newestRow] = await query(newestSql, values);
        const newest = newestRow?.[0];
        if (newest === null || newest === undefined) return null;
        // Every row is read: plan for all of them, not for the first tenth (a cursor's default).
        await query('set local cursor_tuple_fraction = 1', []);
        await query(`declare tm_sources no scroll cursor for ${rowsSql}`, values);
        const fetch = () => query(`fetch ${pageSize} from tm_sources`, []);
        let next = fetch();
        for (;;) {
          const rows = await next;
          // The next page is asked for before this one is handed on: the server reads it meanwhile.
          const more = rows.length === pageSize;
          if (more) next = fetch();
          if (rows.length > 0) {
            const hashes = new Array<string>(rows.length);
            const texts = new Array<string>(rows.length);
            for (let i = 0; i < rows.length; i += 1) {
              hashes[i] = rows[i]![0] as string;
              texts[i] = rows[i]![1] as string;
            }
            onPage(hashes, texts);
          }
          if (!more) break;
        }
        await query('close tm_sources', []);
        return newest instanceof Date ? newest : new Date(newest as string);
      });
    },

    /**
     * How many bulk writes (a TMX import's memory upserts) are worth running at once: on
     * PostgreSQL each pooled connection is a server process of its own, so two upserts use two
     * cores for their index work; PGlite runs every statement in this one thread.
     */
    parallelWrites(): number {
      return postgresPoolOf(db) ? 2 : 1;
    },

    /**
     * Refreshes the planner's statistics of the memory after a bulk load: without them a fresh
     * million rows look like a handful, and the paged reads of the fuzzy index sort the whole
     * memory on every page instead of walking the (organisation_id, updated_at) index.
     * The row count comes with any ANALYZE; column statistics only for the columns the memory's
     * readers filter on (catch-up, exact lookup, exact matches): sorting the sample's source and
     * target texts for their histograms was ~40 % of the ANALYZE's CPU at 1 M rows (psql: 0.44–0.64
     * s, 0.23–0.37 s without them; ADR 0019), and no plan reads them.
     */
    async analyzeMemory(): Promise<void> {
      await db.execute(
        sql`analyze ${memoryEntries} (organisation_id, source_lang, target_lang, source_hash, entry_key, type, updated_at)`,
      );
    },

    /** The source text of a segment of the project. */
    async segmentText(projectId: string, sourceHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: segments.text })
        .from(segments)
        .where(and(eq(segments.projectId, projectId), eq(segments.sourceHash, sourceHash)));
      return row?.text;
    },

    /**
     * Source hashes of the project that exist among `hashes` (one statement, an array parameter;
     * binary on PostgreSQL, as the memory writes send theirs: a TMX import asks this for every
     * batch, 10,000 hashes the server parsed as a ~670 KB literal).
     */
    async projectHashes(projectId: string, hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const result = await db.execute(sql`
        select source_hash from ${segments}
        where project_id = ${projectId}::uuid and source_hash = any(${arrays.texts(hashes)}::text[])`);
      return new Set(rowsOf<{ source_hash: string }>(result).map((row) => row.source_hash));
    },

    /** One page of the project's translations in a language, in segment id order (keyset paging). */
    async exportPage(
      projectId: string,
      targetLang: string,
      after: string | null,
      size: number,
    ): Promise<ExportRow[]> {
      const rows = await db
        .select({
          segmentId: segments.id,
          sourceText: segments.text,
          text: translations.text,
          type: translations.type,
          displayType: translations.displayType,
          updatedAt: translations.updatedAt,
        })
        .from(translations)
        .innerJoin(segments, eq(segments.id, translations.segmentId))
        .where(
          and(
            eq(translations.projectId, projectId),
            eq(translations.targetLang, targetLang),
            ne(translations.type, UNTRANSLATED),
            after ? gt(segments.id, after) : sql`true`,
          ),
        )
        .orderBy(asc(segments.id))
        .limit(size);
      return rows.map((row) => ({
        ...row,
        type: row.type as TranslationType,
        displayType: row.displayType as DisplayType,
      }));
    },

    /**
     * Stores units for texts no project segment has in the organisation's memory (latest wins).
     * Array parameters, one statement per 10,000 rows: a row of parameters per unit would cost
     * more to build and plan than the insert itself. Hashes must be distinct within one call. A row
     * whose texts are already stored is left as it is (no new row version, `updated_at` kept), so
     * importing the same file again writes nothing.
     *
     * Rows are keyed by `memoryEntryKey` (migration 0023): the upsert's unique index is one
     * bigint. A row is written under its key unless the entry is already stored unkeyed: by a plain
     * insert while the pair's chunks are new (`writeKeyed`), by the upsert once a key is found
     * stored. When the statement wrote fewer rows than it was given (some unchanged, or a key
     * another entry holds: a 64-bit collision), the chunk is looked at again, so a first import
     * costs one statement per chunk and a collision is stored unkeyed, never dropped. (The count,
     * not RETURNING: 5,000 returned keys a chunk cost both sides more than the rare second look.)
     */
    async upsertMemoryEntries(organisationId: string, rows: readonly MemoryEntryRow[]): Promise<void> {
      if (rows.length === 0) return;
      const { sourceLang, targetLang, projectId } = rows[0]!;
      if (rows.some((row) => row.sourceLang !== sourceLang || row.targetLang !== targetLang))
        throw new Error('upsertMemoryEntries takes one language pair per call');
      const projectIds = rows.every((row) => row.projectId === projectId)
        ? projectId
        : rows.map((row) => row.projectId);
      await writeMemory(organisationId, { sourceLang, targetLang }, projectIds, {
        sourceHashes: rows.map((row) => row.sourceHash),
        sourceTexts: { strings: rows.map((row) => row.sourceText) },
        texts: { strings: rows.map((row) => row.text) },
      });
    },

    /**
     * `upsertMemoryEntries` for units already held as columns (a TMX import's batch): the same
     * rows stored, without an object per unit on either side.
     */
    async upsertMemoryColumns(organisationId: string, columns: MemoryColumns): Promise<void> {
      const rows = columns.sourceHashes.length;
      const texts = (
        column: readonly string[] | BinaryTextColumn,
        elements: ArrayLike<number> | undefined,
      ): Texts =>
        column instanceof BinaryTextColumn
          ? { column, elements: Array.from(elements!) }
          : { strings: column };
      const sourceTexts = texts(columns.sourceTexts, columns.elements?.source);
      const targetTexts = texts(columns.texts, columns.elements?.text);
      const length = (t: Texts) => ('strings' in t ? t.strings.length : t.elements.length);
      if (length(sourceTexts) !== rows || length(targetTexts) !== rows)
        throw new Error('upsertMemoryColumns takes columns of one length');
      await writeMemory(organisationId, columns, columns.projectId, {
        sourceHashes: columns.sourceHashes,
        sourceTexts,
        texts: targetTexts,
      });
    },
  };
}

export type TranslationMemoryRepository = ReturnType<typeof createTranslationMemoryRepository>;
