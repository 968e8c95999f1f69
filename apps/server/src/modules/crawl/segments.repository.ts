import { and, eq, inArray, sql } from 'drizzle-orm';
import { pages, segmentOccurrences, segments, type Database } from '@bhasha/db';
import type { Segment } from '@bhasha/engine';
import { applyExactMatchesToNewSegments } from '../translation/exact-matches';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';

export interface PageWordCounts {
  sourceWordCount: number;
  uniqueWordCount: number;
  newContentWordCount: number;
  segmentCount: number;
}

interface GroupedSegment {
  sourceHash: string;
  text: string;
  kind: string;
  wordCount: number;
  occurrences: number;
  position: number;
}

const CHUNK = 400;

type StoredSegment = { id: string; isNew: boolean };

/** Segments a crawl already stored (`known`, skipped) and where to note the ones stored now. */
export interface SegmentCache {
  known: ReadonlyMap<string, StoredSegment>;
  stored: Map<string, StoredSegment>;
}

/** A PostgreSQL array literal of uuids or integers (values that never need quoting). */
function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.join(',')}}`;
}

function groupByHash(found: readonly Segment[]): GroupedSegment[] {
  const byHash = new Map<string, GroupedSegment>();
  found.forEach((segment, position) => {
    const existing = byHash.get(segment.sourceHash);
    if (existing) existing.occurrences += 1;
    else {
      byHash.set(segment.sourceHash, {
        sourceHash: segment.sourceHash,
        text: segment.text,
        kind: segment.kind,
        wordCount: segment.wordCount,
        occurrences: 1,
        position,
      });
    }
  });
  return [...byHash.values()];
}

/** Segments stored once per project and source hash, with the pages they occur on. */
export function createSegmentsRepository(db: Database) {
  return {
    /**
     * Replaces what a page contains: upserts its segments (new ones are flagged new) and its
     * occurrence rows. Idempotent: running it twice for the same page and content changes nothing.
     * With a `cache`, segments this crawl already stored are not upserted again (their last-seen
     * time was set during this crawl), and the ones stored now are added to `cache.stored`.
     */
    async replacePageSegments(
      ids: { organisationId: string; projectId: string; pageId: string },
      found: readonly Segment[],
      now: Date,
      cache?: SegmentCache,
      /** Where applied exact matches are announced (a deferred emitter inside a transaction). */
      events?: RealtimeEmitter,
    ): Promise<PageWordCounts> {
      const grouped = groupByHash(found);
      const idByHash = new Map<string, StoredSegment>();
      const unknown: GroupedSegment[] = [];
      for (const g of grouped) {
        const known = cache?.known.get(g.sourceHash);
        if (known) idByHash.set(g.sourceHash, known);
        else unknown.push(g);
      }
      // Concurrent pages upsert overlapping segments (menus, footers): taking the row locks in
      // one global order (by hash) is what keeps two transactions from deadlocking on PostgreSQL.
      unknown.sort((a, b) => (a.sourceHash < b.sourceHash ? -1 : a.sourceHash > b.sourceHash ? 1 : 0));
      const freshIds: string[] = [];
      for (let i = 0; i < unknown.length; i += CHUNK) {
        const chunk = unknown.slice(i, i + CHUNK);
        const rows = await db
          .insert(segments)
          .values(
            chunk.map((g) => ({
              organisationId: ids.organisationId,
              projectId: ids.projectId,
              sourceHash: g.sourceHash,
              text: g.text,
              kind: g.kind,
              wordCount: g.wordCount,
              firstSeenAt: now,
              lastSeenAt: now,
            })),
          )
          .onConflictDoUpdate({
            target: [segments.projectId, segments.sourceHash],
            set: { lastSeenAt: now },
          })
          .returning({ id: segments.id, sourceHash: segments.sourceHash, isNew: segments.isNew });
        for (const row of rows) {
          const entry = { id: row.id, isNew: row.isNew };
          idByHash.set(row.sourceHash, entry);
          cache?.stored.set(row.sourceHash, entry);
          if (row.isNew) freshIds.push(row.id);
        }
      }
      await db.delete(segmentOccurrences).where(eq(segmentOccurrences.pageId, ids.pageId));
      // One statement per chunk with three array parameters: a page holds hundreds of segments,
      // and building a row-per-value insert costs more than the database's work.
      for (let i = 0; i < grouped.length; i += CHUNK) {
        const chunk = grouped.slice(i, i + CHUNK);
        await db.execute(sql`
          insert into ${segmentOccurrences} (page_id, segment_id, project_id, organisation_id, occurrences, position)
          select ${ids.pageId}::uuid, t.segment_id, ${ids.projectId}::uuid, ${ids.organisationId}::uuid, t.occurrences, t.position
          from unnest(
            ${arrayLiteral(chunk.map((g) => idByHash.get(g.sourceHash)!.id))}::uuid[],
            ${arrayLiteral(chunk.map((g) => g.occurrences))}::int[],
            ${arrayLiteral(chunk.map((g) => g.position))}::int[]
          ) as t(segment_id, occurrences, position)`);
      }
      // Translations of the same text elsewhere in the organisation's memory apply at once (issue 6);
      // segments the cache knew had theirs applied when this crawl stored them.
      await applyExactMatchesToNewSegments(
        db,
        ids,
        cache ? freshIds : [...idByHash.values()].flatMap((s) => (s.isNew ? [s.id] : [])),
        events,
      );
      let sourceWordCount = 0;
      let uniqueWordCount = 0;
      let newContentWordCount = 0;
      for (const g of grouped) {
        sourceWordCount += g.wordCount * g.occurrences;
        uniqueWordCount += g.wordCount;
        if (idByHash.get(g.sourceHash)?.isNew) newContentWordCount += g.wordCount;
      }
      return { sourceWordCount, uniqueWordCount, newContentWordCount, segmentCount: grouped.length };
    },

    async clearPage(pageId: string): Promise<void> {
      await db.delete(segmentOccurrences).where(eq(segmentOccurrences.pageId, pageId));
    },

    /** Before a re-crawl: what exists now is no longer new, so the crawl shows exactly what is. */
    async markAllSeen(projectId: string): Promise<void> {
      await db
        .update(segments)
        .set({ isNew: false })
        .where(and(eq(segments.projectId, projectId), eq(segments.isNew, true)));
    },

    /** Project word counts over in-scope pages (spec §3). */
    async projectCounts(projectId: string): Promise<PageWordCounts & { newSegmentCount: number }> {
      const inScopeSegments = sql`exists (select 1 from ${segmentOccurrences} o join ${pages} p on p.id = o.page_id
        where o.segment_id = ${segments.id} and p.in_scope)`;
      const [unique] = await db
        .select({
          uniqueWordCount: sql<number>`coalesce(sum(${segments.wordCount}), 0)`.mapWith(Number),
          newContentWordCount:
            sql<number>`coalesce(sum(${segments.wordCount}) filter (where ${segments.isNew}), 0)`.mapWith(
              Number,
            ),
          segmentCount: sql<number>`count(*)`.mapWith(Number),
          newSegmentCount: sql<number>`count(*) filter (where ${segments.isNew})`.mapWith(Number),
        })
        .from(segments)
        .where(and(eq(segments.projectId, projectId), inScopeSegments));
      const [source] = await db
        .select({ sourceWordCount: sql<number>`coalesce(sum(${pages.sourceWordCount}), 0)`.mapWith(Number) })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.inScope, true)));
      return {
        sourceWordCount: source?.sourceWordCount ?? 0,
        uniqueWordCount: unique?.uniqueWordCount ?? 0,
        newContentWordCount: unique?.newContentWordCount ?? 0,
        segmentCount: unique?.segmentCount ?? 0,
        newSegmentCount: unique?.newSegmentCount ?? 0,
      };
    },

    /** Recomputes the per-page counts of every page of a project from its occurrences. */
    async recountPages(projectId: string): Promise<void> {
      await db.execute(sql`
        update ${pages} p set
          source_word_count = coalesce(c.source, 0),
          unique_word_count = coalesce(c.uniq, 0),
          new_content_word_count = coalesce(c.fresh, 0),
          segment_count = coalesce(c.n, 0)
        from (
          select pg.id,
            sum(s.word_count * o.occurrences) as source,
            sum(s.word_count) as uniq,
            sum(s.word_count) filter (where s.is_new) as fresh,
            count(s.id) as n
          from ${pages} pg
          left join ${segmentOccurrences} o on o.page_id = pg.id
          left join ${segments} s on s.id = o.segment_id
          where pg.project_id = ${projectId}
          group by pg.id
        ) c
        where p.id = c.id`);
    },

    async deleteByHashes(projectId: string, hashes: readonly string[]): Promise<number> {
      if (hashes.length === 0) return 0;
      const rows = await db
        .delete(segments)
        .where(and(eq(segments.projectId, projectId), inArray(segments.sourceHash, [...hashes])))
        .returning({ id: segments.id });
      return rows.length;
    },
  };
}

export type SegmentsRepository = ReturnType<typeof createSegmentsRepository>;
