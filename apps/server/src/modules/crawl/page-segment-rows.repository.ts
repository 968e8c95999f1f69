import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { pageSegments, segments, type Database } from '@bhasha/db';

/**
 * A page's segments as rows (page, segment, occurrences, position), read from its one
 * `page_segments` row (ADR 0025), for the pages `where` selects. The two arrays are unnested in
 * lockstep; position is the array index, i.e. document order of first occurrence.
 *
 * Readers must inner-join the result to `segments`: a deleted segment leaves its id in the
 * arrays until the page is stored again, and the join is what drops it (ADR 0025).
 */
export function pageSegmentRows(db: Database, where: SQL | undefined) {
  return db
    .select({
      pageId: pageSegments.pageId,
      segmentId: sql<string>`unnest(${pageSegments.segmentIds})`.as('segment_id'),
      occurrences: sql<number>`unnest(${pageSegments.occurrences})`.as('occurrences'),
      position: sql<number>`generate_subscripts(${pageSegments.segmentIds}, 1)`.as('position'),
    })
    .from(pageSegments)
    .where(where)
    .as('occurrence');
}

/**
 * "The segment occurs on this page", for a query over `segments`: the page's ids are read once as a
 * set (a semi-join on the segments' primary key), not searched per segment. A deleted segment's
 * id matches nothing.
 */
export function segmentIsOnPage(db: Database, pageId: string): SQL {
  return inArray(
    segments.id,
    db
      .select({ id: sql`unnest(${pageSegments.segmentIds})` })
      .from(pageSegments)
      .where(eq(pageSegments.pageId, pageId)),
  );
}
