import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { memoryEntries, projects, segments, translations, type Database } from '@bhasha/db';
import type { DisplayType, TranslationType } from '@bhasha/contract';
import pg from 'pg';
import { pgArray } from '../../lib/pg-array';
import { rowsOf } from '../../lib/rows-of';

/** A source text of the organisation's memory (one per source hash). */
export interface MemorySource {
  sourceHash: string;
  text: string;
  updatedAt: Date;
}

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
const MEMORY_CHUNK = 5000;

/**
 * The exact lookup of `translationsOf`: one named prepared statement over the database function
 * `bhasha_tm_exact_lookup` (migration `0021_tm_exact_lookup_function`), which holds the UNION ALL of
 * the organisation's project translations and memory entries. The function keeps one plan per
 * session; the same UNION ALL sent as a statement was planned again on every call on both engines,
 * which cost more than running it (ADR 0011, "Exact lookup, session 5").
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
 * Queries of the translation-memory module. Every query is bound to one organisation: the
 * caller's, resolved by the service through project access, so foreign rows never appear.
 */
export function createTranslationMemoryRepository(db: Database) {
  let preparedExactLookup: ReturnType<typeof prepareExactLookup> | undefined;
  /** Prepared once per database: drizzle builds the SQL once and PostgreSQL can keep the plan. */
  const exactLookup = () => (preparedExactLookup ??= prepareExactLookup(db));
  return {
    /**
     * Translations in `targetLang` of the given source hashes, from the organisation's projects and
     * memory: one round trip whatever the number of hashes, answered from a plan the database
     * keeps, on the b-tree indexes `translations_org_hash_idx` and `memory_entries_key_uq`
     * (bench/src/tm-exact-lookup.ts measures it).
     */
    async translationsOf(
      organisationId: string,
      sourceLang: string,
      targetLang: string,
      hashes: readonly string[],
    ): Promise<MemoryTranslation[]> {
      if (hashes.length === 0) return [];
      // One array parameter per table: the statement is the same whatever the number of hashes.
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
     * (project translations or the organisation's memory entries), for the fuzzy index: one table,
     * a page at a time in (updated_at, id) order. The cursor keeps the timestamp at full precision (as text), so rows that share one
     * (a whole stored batch does) are neither repeated nor skipped. The plain `updated_at >=` bound
     * lets the (organisation_id, updated_at) index start each page at the cursor: the row
     * comparison alone made every page scan from the start (a 1M-row build took 278 s, not 85 s).
     */
    async *sourcePages(
      table: 'translations' | 'memory',
      organisationId: string,
      sourceLang: string,
      since: Date,
      pageSize: number,
    ): AsyncGenerator<MemorySource[]> {
      let after: { at: string; id: string } | null = null;
      for (;;) {
        const cursor = after;
        const page: Array<MemorySource & { at: string; id: string }> =
          table === 'translations'
            ? await db
                .select({
                  id: translations.id,
                  at: sql<string>`${translations.updatedAt}::text`,
                  sourceHash: segments.sourceHash,
                  text: segments.text,
                  updatedAt: translations.updatedAt,
                })
                .from(translations)
                .innerJoin(segments, eq(segments.id, translations.segmentId))
                .innerJoin(projects, eq(projects.id, translations.projectId))
                .where(
                  and(
                    eq(translations.organisationId, organisationId),
                    eq(projects.sourceLanguage, sourceLang),
                    ne(translations.type, UNTRANSLATED),
                    gt(translations.updatedAt, since),
                    cursor
                      ? sql`${translations.updatedAt} >= ${cursor.at}::timestamptz and (${translations.updatedAt}, ${translations.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
                      : sql`true`,
                  ),
                )
                .orderBy(asc(translations.updatedAt), asc(translations.id))
                .limit(pageSize)
            : await db
                .select({
                  // A bigint identity; as text it is the cursor's id like the translations' uuid.
                  id: sql<string>`${memoryEntries.id}::text`,
                  at: sql<string>`${memoryEntries.updatedAt}::text`,
                  sourceHash: memoryEntries.sourceHash,
                  text: memoryEntries.sourceText,
                  updatedAt: memoryEntries.updatedAt,
                })
                .from(memoryEntries)
                .where(
                  and(
                    eq(memoryEntries.organisationId, organisationId),
                    eq(memoryEntries.sourceLang, sourceLang),
                    gt(memoryEntries.updatedAt, since),
                    cursor
                      ? sql`${memoryEntries.updatedAt} >= ${cursor.at}::timestamptz and (${memoryEntries.updatedAt}, ${memoryEntries.id}) > (${cursor.at}::timestamptz, ${cursor.id}::bigint)`
                      : sql`true`,
                  ),
                )
                .orderBy(asc(memoryEntries.updatedAt), asc(memoryEntries.id))
                .limit(pageSize);
        if (page.length > 0) yield page;
        if (page.length < pageSize) return;
        const last = page[page.length - 1]!;
        after = { at: last.at, id: last.id };
      }
    },

    /**
     * How many bulk writes (a TMX import's memory upserts) are worth running at once: on
     * PostgreSQL each pooled connection is a server process of its own, so two upserts use two
     * cores for their index work; PGlite runs every statement in this one thread.
     */
    parallelWrites(): number {
      return (db as { $client?: unknown }).$client instanceof pg.Pool ? 2 : 1;
    },

    /**
     * Refreshes the planner's statistics of the memory after a bulk load: without them a fresh
     * million rows look like a handful, and the paged reads of the fuzzy index sort the whole
     * memory on every page instead of walking the (organisation_id, updated_at) index.
     */
    async analyzeMemory(): Promise<void> {
      await db.execute(sql`analyze ${memoryEntries}`);
    },

    /** The source text of a segment of the project. */
    async segmentText(projectId: string, sourceHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ text: segments.text })
        .from(segments)
        .where(and(eq(segments.projectId, projectId), eq(segments.sourceHash, sourceHash)));
      return row?.text;
    },

    /** Source hashes of the project that exist among `hashes` (one statement, an array parameter). */
    async projectHashes(projectId: string, hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const result = await db.execute(sql`
        select source_hash from ${segments}
        where project_id = ${projectId}::uuid and source_hash = any(${pgArray(hashes)}::text[])`);
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
     * Array parameters, one statement per 5,000 rows: a row of parameters per unit would cost
     * more to build and plan than the insert itself. Hashes must be distinct within one call. A row
     * whose texts are already stored is left as it is (no new row version, `updated_at` kept), so
     * importing the same file again writes nothing.
     */
    async upsertMemoryEntries(organisationId: string, rows: readonly MemoryEntryRow[]): Promise<void> {
      // In key order: consecutive rows land on neighbouring pages of memory_entries_key_uq instead
      // of random ones (the unique index is most of an insert's cost, measured in psql).
      const ordered = [...rows].sort((a, b) =>
        a.sourceHash < b.sourceHash ? -1 : a.sourceHash > b.sourceHash ? 1 : 0,
      );
      for (let at = 0; at < ordered.length; at += MEMORY_CHUNK) {
        const chunk = ordered.slice(at, at + MEMORY_CHUNK);
        const first = chunk[0]!;
        const sameLanguages = chunk.every(
          (row) => row.sourceLang === first.sourceLang && row.targetLang === first.targetLang,
        );
        if (!sameLanguages) throw new Error('upsertMemoryEntries takes one language pair per call');
        await db.execute(sql`
          insert into ${memoryEntries} (organisation_id, source_lang, target_lang, source_hash, source_text, text, type, origin, source_project_id)
          select ${organisationId}::uuid, ${first.sourceLang}, ${first.targetLang}, t.source_hash, t.source_text, t.text, 'USER', 'tmx', t.project_id
          from unnest(
            ${pgArray(chunk.map((row) => row.sourceHash))}::text[],
            ${pgArray(chunk.map((row) => row.sourceText))}::text[],
            ${pgArray(chunk.map((row) => row.text))}::text[],
            ${pgArray(chunk.map((row) => row.projectId))}::uuid[]
          ) as t(source_hash, source_text, text, project_id)
          on conflict (organisation_id, source_lang, target_lang, source_hash)
          do update set text = excluded.text, source_text = excluded.source_text, updated_at = now()
          where (${memoryEntries}.text, ${memoryEntries}.source_text) is distinct from (excluded.text, excluded.source_text)`);
      }
    },
  };
}

export type TranslationMemoryRepository = ReturnType<typeof createTranslationMemoryRepository>;
