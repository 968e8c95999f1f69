import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { pages, projects, type Database } from '@bhasha/db';
import type { PageSeed } from '../scope/pages.repository';

/** Tracked, in-scope pages not read since `dueBefore` (or never read). */
function dueCondition(dueBefore: Date): SQL | undefined {
  return and(
    eq(pages.tracked, true),
    eq(pages.inScope, true),
    or(isNull(pages.lastCrawledAt), lt(pages.lastCrawledAt, dueBefore)),
  );
}

/** The content tracker's reads: which tracked pages are due for another fetch. */
export function createTrackedPagesRepository(db: Database) {
  return {
    /** Live (not being deleted) projects with at least one due page. */
    async projectsWithDuePages(dueBefore: Date): Promise<string[]> {
      const rows = await db
        .selectDistinct({ id: pages.projectId })
        .from(pages)
        .innerJoin(projects, eq(projects.id, pages.projectId))
        .where(and(dueCondition(dueBefore), isNull(projects.deletingAt)));
      return rows.map((row) => row.id);
    },

    /** A project's due pages as crawl seeds, never-read and oldest first. */
    async duePages(projectId: string, dueBefore: Date, limit: number): Promise<PageSeed[]> {
      return db
        .select({
          url: pages.url,
          normalisedUrl: pages.normalisedUrl,
          hostname: pages.hostname,
          depth: pages.depth,
        })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), dueCondition(dueBefore)))
        .orderBy(sql`${pages.lastCrawledAt} nulls first`)
        .limit(limit);
    },
  };
}
