import { createHash } from 'node:crypto';
import { and, asc, desc, eq, exists, inArray, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  pages,
  pageSegments,
  projectSegmentTotals,
  segments,
  translationCounts,
  translationRevisions,
  translations,
  users,
  type Database,
} from '@bhasha/db';
import type { DisplayType, TranslationType } from '@bhasha/contract';
import { pageSegmentRows, segmentIsOnPage } from '../crawl/page-segment-rows.repository';

/*
 * Reads of the translation memory. Every query is keyed by a project id the service has already
 * checked against the caller's scope (ProjectAccess), so rows of other organisations never match.
 * Writes go through translation-writer.repository.ts.
 */

/** One bucket of translation_counts (or of the project totals). */
export interface Bucket {
  segments: number;
  words: number;
  chars: number;
  newSegments: number;
  newWords: number;
}

export interface LanguageBuckets {
  /** Per type, summed over display types; NO_TRANSLATION_AVAILABLE includes segments without a row. */
  byType: Record<TranslationType, Bucket>;
  /** Translated (USER, MACHINE, PBK) words per display type. */
  translatedWords: Record<DisplayType, number>;
  translatedChars: Record<DisplayType, number>;
}

export interface ProjectCounts {
  totals: Bucket;
  languages: Map<string, LanguageBuckets>;
}

export interface EntryFilter {
  targetLang: string;
  pageId?: string;
  searchText?: string;
  searchIn?: 'source' | 'target' | 'both';
  types?: readonly TranslationType[];
  newContent?: boolean;
  displayTypes?: readonly DisplayType[];
  kinds?: readonly string[];
  sourceHashes?: readonly string[];
}

export interface EntryRow {
  segmentId: string;
  /** Document order of the segment: the keyset of the editor's pages. */
  seq: number;
  sourceHash: string;
  source: string;
  kind: string;
  wordCount: number;
  isNew: boolean;
  text: string | null;
  type: string | null;
  displayType: string | null;
  version: number | null;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Where a page starts: skip `offset` rows, or take the rows right after / before a row's seq. */
export interface EntryPaging {
  offset: number;
  limit: number;
  after?: number;
  before?: number;
}

export interface EntryPage {
  rows: EntryRow[];
  total: number;
  /** Rows exist before the page (exact when reading backwards; after a cursor it is assumed). */
  hasPrevious: boolean;
  /** Rows exist after the page (exact when reading forwards). */
  hasNext: boolean;
  /** Seq of the first and last row of the page, for the next keyset request. */
  startCursor: string | null;
  endCursor: string | null;
}

/**
 * The condition on `translations` when a filter only admits translated rows that one index
 * range lists in document order (one translated type, or transliterated strings); otherwise
 * undefined and the page is read from the segments.
 */
function translationDriver(filter: EntryFilter): SQL | undefined {
  if (filter.newContent) return undefined;
  const types = filter.types ?? [];
  if (types.length === 1 && types[0] !== 'NO_TRANSLATION_AVAILABLE') return eq(translations.type, types[0]!);
  if (types.length === 0 && filter.displayTypes?.length === 1 && filter.displayTypes[0] === 't13n')
    return eq(translations.displayType, 't13n');
  return undefined;
}

const emptyBucket = (): Bucket => ({ segments: 0, words: 0, chars: 0, newSegments: 0, newWords: 0 });
const TRANSLATED: readonly TranslationType[] = ['USER', 'MACHINE', 'PBK'];

/** `%text%` for LIKE with the pattern characters of the user's text taken literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Distinct lists of languages whose counts statement a repository keeps prepared. */
const PREPARED_COUNTS_MAX = 64;

/**
 * The maintained counts of a project in one statement: its totals row with the languages' count
 * rows joined. Prepared per list of languages.
 */
function prepareCounts(db: Database, languages: readonly string[]) {
  return db
    .select({ total: projectSegmentTotals, count: translationCounts })
    .from(projectSegmentTotals)
    .leftJoin(
      translationCounts,
      and(
        eq(translationCounts.projectId, projectSegmentTotals.projectId),
        languages.length === 0 ? sql`false` : inArray(translationCounts.targetLang, [...languages]),
      ),
    )
    .where(eq(projectSegmentTotals.projectId, sql.placeholder('projectId')))
    .prepare(
      `translation_counts_${createHash('sha256').update(languages.join(',')).digest('hex').slice(0, 16)}`,
    );
}

export function createTranslationsRepository(db: Database) {
  const entryColumns = {
    segmentId: segments.id,
    seq: segments.seq,
    sourceHash: segments.sourceHash,
    source: segments.text,
    kind: segments.kind,
    wordCount: segments.wordCount,
    isNew: segments.isNew,
    text: translations.text,
    type: translations.type,
    displayType: translations.displayType,
    version: translations.version,
    updatedAt: translations.updatedAt,
    updatedBy: users.email,
  };

  function entryConditions(projectId: string, filter: EntryFilter): SQL {
    const conditions: SQL[] = [eq(segments.projectId, projectId)];
    // Untranslated = no translated row in the language. Said as an anti-join, not "left-joined row
    // is null or NO_TRANSLATION_AVAILABLE": the planner estimates that OR at one row and sorts
    // every segment, while NOT EXISTS lets it walk the document-order index and stop after a page.
    const translated = alias(translations, 'translated');
    const untranslated = notExists(
      db
        .select({ one: sql`1` })
        .from(translated)
        .where(
          and(
            eq(translated.segmentId, segments.id),
            eq(translated.targetLang, filter.targetLang),
            ne(translated.type, 'NO_TRANSLATION_AVAILABLE'),
          ),
        ),
    );
    if (filter.pageId) {
      conditions.push(segmentIsOnPage(db, filter.pageId));
    }
    if (filter.searchText) {
      const pattern = likePattern(filter.searchText);
      const inSource = sql`${segments.text} ilike ${pattern}`;
      const inTarget = sql`${translations.text} ilike ${pattern}`;
      conditions.push(
        filter.searchIn === 'source'
          ? inSource
          : filter.searchIn === 'target'
            ? inTarget
            : or(inSource, inTarget)!,
      );
    }
    const typeConditions: SQL[] = [];
    for (const type of filter.types ?? []) {
      typeConditions.push(type === 'NO_TRANSLATION_AVAILABLE' ? untranslated : eq(translations.type, type));
    }
    if (filter.newContent) typeConditions.push(and(eq(segments.isNew, true), untranslated)!);
    if (typeConditions.length > 0) conditions.push(or(...typeConditions)!);
    // Only new segments: said at the top level so the partial index of new segments applies.
    if (filter.newContent && !filter.types?.length) conditions.push(eq(segments.isNew, true));
    if (filter.displayTypes && filter.displayTypes.length > 0) {
      conditions.push(
        inArray(sql`coalesce(${translations.displayType}, 'translation')`, [...filter.displayTypes]),
      );
    }
    if (filter.kinds && filter.kinds.length > 0) conditions.push(inArray(segments.kind, [...filter.kinds]));
    if (filter.sourceHashes) conditions.push(inArray(segments.sourceHash, [...filter.sourceHashes]));
    return and(...conditions)!;
  }

  const joinTranslation = (targetLang: string) =>
    and(eq(translations.segmentId, segments.id), eq(translations.targetLang, targetLang));

  /** The query of one page (one row more than the page, to know whether more follow). */
  function pageQuery(projectId: string, filter: EntryFilter, paging: EntryPaging) {
    const driver = translationDriver(filter);
    const where = entryConditions(projectId, filter);
    const order = driver ? translations.segmentSeq : segments.seq;
    const keyset =
      paging.after !== undefined
        ? sql`${order} > ${paging.after}`
        : paging.before !== undefined
          ? sql`${order} < ${paging.before}`
          : undefined;
    const base = driver
      ? db
          .select(entryColumns)
          .from(translations)
          .innerJoin(segments, eq(segments.id, translations.segmentId))
          .leftJoin(users, eq(users.id, translations.updatedBy))
          .where(
            and(
              eq(translations.projectId, projectId),
              eq(translations.targetLang, filter.targetLang),
              driver,
              where,
              keyset,
            ),
          )
      : db
          .select(entryColumns)
          .from(segments)
          .leftJoin(translations, joinTranslation(filter.targetLang))
          .leftJoin(users, eq(users.id, translations.updatedBy))
          .where(and(where, keyset));
    return base
      .orderBy(paging.before !== undefined ? desc(order) : asc(order))
      .offset(paging.after === undefined && paging.before === undefined ? paging.offset : 0)
      .limit(paging.limit + 1);
  }

  const preparedCounts = new Map<string, ReturnType<typeof prepareCounts>>();

  return {
    /** The SQL of a page of listEntries, for EXPLAIN in tests (ADR 0018). */
    pageQuery,

    /** The maintained counts of a project: totals and every language's buckets (a few key lookups). */
    async counts(projectId: string, languages: readonly string[]): Promise<ProjectCounts> {
      // One statement: the project's totals row with its languages' count rows joined; a project
      // without a totals row (nothing counted yet) reads its count rows alone.
      // Prepared per list of languages (ADR 0039): the editor asks the same one on every call.
      const key = languages.join(',');
      let prepared = preparedCounts.get(key);
      if (!prepared) {
        prepared = prepareCounts(db, languages);
        if (preparedCounts.size >= PREPARED_COUNTS_MAX) preparedCounts.clear();
        preparedCounts.set(key, prepared);
      }
      const joined = await prepared.execute({ projectId });
      const total = joined[0]?.total;
      const totals: Bucket = total
        ? {
            segments: total.segmentCount,
            words: total.wordCount,
            chars: total.charCount,
            newSegments: total.newSegmentCount,
            newWords: total.newWordCount,
          }
        : emptyBucket();
      const rows =
        languages.length === 0
          ? []
          : total
            ? joined.flatMap((row) => (row.count ? [row.count] : []))
            : await db
                .select()
                .from(translationCounts)
                .where(
                  and(
                    eq(translationCounts.projectId, projectId),
                    inArray(translationCounts.targetLang, [...languages]),
                  ),
                );
      const result = new Map<string, LanguageBuckets>();
      for (const language of languages) {
        result.set(language, {
          byType: {
            USER: emptyBucket(),
            MACHINE: emptyBucket(),
            PBK: emptyBucket(),
            NO_TRANSLATION_AVAILABLE: emptyBucket(),
          },
          translatedWords: { translation: 0, t13n: 0 },
          translatedChars: { translation: 0, t13n: 0 },
        });
      }
      for (const row of rows) {
        const buckets = result.get(row.targetLang)!;
        const type = row.type as TranslationType;
        if (!(type in buckets.byType) || type === 'NO_TRANSLATION_AVAILABLE') continue;
        const bucket = buckets.byType[type];
        bucket.segments += row.segmentCount;
        bucket.words += row.wordCount;
        bucket.chars += row.charCount;
        bucket.newSegments += row.newSegmentCount;
        bucket.newWords += row.newWordCount;
        const display = row.displayType === 't13n' ? 't13n' : 'translation';
        buckets.translatedWords[display] += row.wordCount;
        buckets.translatedChars[display] += row.charCount;
      }
      // Untranslated: every segment not in a translated bucket (explicit "no translation" rows included).
      for (const buckets of result.values()) {
        const untranslated = { ...totals };
        for (const type of TRANSLATED) {
          const b = buckets.byType[type];
          untranslated.segments -= b.segments;
          untranslated.words -= b.words;
          untranslated.chars -= b.chars;
          untranslated.newSegments -= b.newSegments;
          untranslated.newWords -= b.newWords;
        }
        buckets.byType.NO_TRANSLATION_AVAILABLE = untranslated;
      }
      return { totals, languages: result };
    },

    /**
     * Counts over the segments of one page (a bounded read: one page's segments), for
     * translation/status/wordcount and the per-URL report.
     */
    async pageCounts(projectId: string, pageId: string, targetLang: string) {
      const occurrence = pageSegmentRows(
        db,
        and(eq(pageSegments.pageId, pageId), eq(pageSegments.projectId, projectId)),
      );
      const rows = await db
        .select({
          type: sql<string>`coalesce(${translations.type}, 'NO_TRANSLATION_AVAILABLE')`,
          displayType: sql<string>`coalesce(${translations.displayType}, 'translation')`,
          segments: sql<number>`count(*)`.mapWith(Number),
          words: sql<number>`coalesce(sum(${segments.wordCount}), 0)`.mapWith(Number),
          newSegments: sql<number>`count(*) filter (where ${segments.isNew})`.mapWith(Number),
          newWords:
            sql<number>`coalesce(sum(${segments.wordCount}) filter (where ${segments.isNew}), 0)`.mapWith(
              Number,
            ),
        })
        .from(occurrence)
        .innerJoin(segments, eq(segments.id, occurrence.segmentId))
        .leftJoin(translations, joinTranslation(targetLang))
        .groupBy(sql`1`, sql`2`);
      return rows;
    },

    /** A page of the project by its URL as given or normalised. */
    async findPage(projectId: string, url: string, normalised: string | null) {
      const [page] = await db
        .select({ id: pages.id, url: pages.url })
        .from(pages)
        .where(
          and(
            eq(pages.projectId, projectId),
            normalised ? or(eq(pages.normalisedUrl, normalised), eq(pages.url, url)) : eq(pages.url, url),
          ),
        )
        .limit(1);
      return page;
    },

    /**
     * TM entries of one language, filtered, one page in document order (ADR 0018). With `after` /
     * `before` (a row's seq) the page is the rows right after / before that row, read from an
     * index range whatever the offset; without, `offset` rows are skipped (a jump to page N).
     * A filter by one translated type or by transliteration is read from the translations' own
     * index (type, segment_seq), so sparse types cost a page, not a scan of the project.
     */
    async listEntries(
      projectId: string,
      filter: EntryFilter,
      paging: EntryPaging,
      /** The total when the maintained counts already give it: no counting scan. */
      knownTotal?: number,
    ): Promise<EntryPage> {
      if (knownTotal === 0)
        return { rows: [], total: 0, hasPrevious: false, hasNext: false, startCursor: null, endCursor: null };
      const driver = translationDriver(filter);
      const where = entryConditions(projectId, filter);
      const backwards = paging.before !== undefined;
      const fetched = (await pageQuery(projectId, filter, paging)) as EntryRow[];
      const hasMore = fetched.length > paging.limit;
      const rows = fetched.slice(0, paging.limit);
      if (backwards) rows.reverse();
      const page = {
        rows,
        hasPrevious: backwards ? hasMore : paging.after !== undefined || paging.offset > 0,
        hasNext: backwards ? true : hasMore,
        startCursor: rows.length > 0 ? String(rows[0]!.seq) : null,
        endCursor: rows.length > 0 ? String(rows[rows.length - 1]!.seq) : null,
      };
      if (knownTotal !== undefined) return { ...page, total: knownTotal };
      const [count] = await (driver
        ? db
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(translations)
            .innerJoin(segments, eq(segments.id, translations.segmentId))
            .where(
              and(
                eq(translations.projectId, projectId),
                eq(translations.targetLang, filter.targetLang),
                driver,
                where,
              ),
            )
        : db
            .select({ total: sql<number>`count(*)`.mapWith(Number) })
            .from(segments)
            .leftJoin(translations, joinTranslation(filter.targetLang))
            .where(where));
      return { ...page, total: count?.total ?? 0 };
    },

    /**
     * A condition on `segments`: the segment is one the filter lists. Filter-wide jobs select
     * their strings with it in one INSERT … SELECT, so none of them passes through the server.
     */
    matchingSegments(projectId: string, filter: EntryFilter): SQL {
      const listed = db
        .select({ id: segments.id })
        .from(segments)
        .leftJoin(translations, joinTranslation(filter.targetLang))
        .where(entryConditions(projectId, filter));
      return sql`${segments.id} in (${listed})`;
    },

    /** Every entry matching the filter (exports and replace), streamed in pages of `batch`. */
    async *iterateEntries(projectId: string, filter: EntryFilter, batch = 2000): AsyncGenerator<EntryRow[]> {
      const where = entryConditions(projectId, filter);
      let lastId: string | null = null;
      for (;;) {
        const rows: EntryRow[] = await db
          .select(entryColumns)
          .from(segments)
          .leftJoin(translations, joinTranslation(filter.targetLang))
          .leftJoin(users, eq(users.id, translations.updatedBy))
          .where(lastId ? and(where, sql`${segments.id} > ${lastId}`) : where)
          .orderBy(asc(segments.id))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows;
        lastId = rows[rows.length - 1]!.segmentId;
        if (rows.length < batch) return;
      }
    },

    /** One entry by source hash, whether translated or not. */
    async findEntry(
      projectId: string,
      targetLang: string,
      sourceHash: string,
    ): Promise<EntryRow | undefined> {
      const [row] = await db
        .select(entryColumns)
        .from(segments)
        .leftJoin(translations, joinTranslation(targetLang))
        .leftJoin(users, eq(users.id, translations.updatedBy))
        .where(and(eq(segments.projectId, projectId), eq(segments.sourceHash, sourceHash)))
        .limit(1);
      return row;
    },

    /** Current translations of one hash in several languages. */
    async currentByHash(projectId: string, sourceHash: string, languages: readonly string[]) {
      return db
        .select()
        .from(translations)
        .where(
          and(
            eq(translations.projectId, projectId),
            eq(translations.sourceHash, sourceHash),
            inArray(translations.targetLang, [...languages]),
          ),
        );
    },

    async insertCheckpoints(rows: Array<typeof translationRevisions.$inferInsert>) {
      if (rows.length === 0) return [];
      return db.insert(translationRevisions).values(rows).returning();
    },

    async listRevisions(
      projectId: string,
      targetLang: string,
      sourceHash: string,
      paging: { offset: number; limit: number },
    ) {
      const where = and(
        eq(translationRevisions.projectId, projectId),
        eq(translationRevisions.sourceHash, sourceHash),
        eq(translationRevisions.targetLang, targetLang),
      );
      const rows = await db
        .select({ revision: translationRevisions, createdBy: users.email })
        .from(translationRevisions)
        .leftJoin(users, eq(users.id, translationRevisions.createdBy))
        .where(where)
        .orderBy(desc(translationRevisions.createdAt), desc(translationRevisions.version))
        .offset(paging.offset)
        .limit(paging.limit);
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(translationRevisions)
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async findRevision(projectId: string, revisionId: string) {
      const [row] = await db
        .select()
        .from(translationRevisions)
        .where(and(eq(translationRevisions.projectId, projectId), eq(translationRevisions.id, revisionId)));
      return row;
    },

    /** Removes a language's translations (the counts follow by trigger); revisions stay. */
    async deleteLanguage(projectId: string, targetLang: string): Promise<number> {
      const rows = await db
        .delete(translations)
        .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, targetLang)))
        .returning({ id: translations.id });
      return rows.length;
    },

    /** Pages with title or meta segments, paged, with those segments' entries in the language. */
    async metaPages(
      projectId: string,
      targetLang: string,
      searchText: string | undefined,
      paging: { offset: number; limit: number },
    ) {
      const onPage = pageSegmentRows(db, eq(pageSegments.pageId, pages.id));
      const hasMeta = exists(
        db
          .select({ one: sql`1` })
          .from(onPage)
          .innerJoin(segments, eq(segments.id, onPage.segmentId))
          .where(inArray(segments.kind, ['title', 'meta'])),
      );
      const where = and(
        eq(pages.projectId, projectId),
        hasMeta,
        searchText ? sql`${pages.url} ilike ${likePattern(searchText)}` : undefined,
      );
      const pageRows = await db
        .select({ id: pages.id, url: pages.url })
        .from(pages)
        .where(where)
        .orderBy(asc(pages.url))
        .offset(paging.offset)
        .limit(paging.limit);
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(pages)
        .where(where);
      const shown = pageSegmentRows(
        db,
        inArray(
          pageSegments.pageId,
          pageRows.map((p) => p.id),
        ),
      );
      const entries =
        pageRows.length === 0
          ? []
          : await db
              .select({ ...entryColumns, pageId: shown.pageId })
              .from(shown)
              .innerJoin(segments, eq(segments.id, shown.segmentId))
              .leftJoin(translations, joinTranslation(targetLang))
              .leftJoin(users, eq(users.id, translations.updatedBy))
              .where(inArray(segments.kind, ['title', 'meta']))
              .orderBy(asc(shown.position));
      return { pages: pageRows, entries, total: count?.total ?? 0 };
    },

    /** In-scope pages of a project with their ids and URLs (per-URL report). */
    async listPages(projectId: string) {
      return db
        .select({ id: pages.id, url: pages.url })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.inScope, true), sql`${pages.segmentCount} > 0`))
        .orderBy(asc(pages.url));
    },
  };
}

export type TranslationsRepository = ReturnType<typeof createTranslationsRepository>;
