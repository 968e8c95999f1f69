import { and, eq, isNull, sql } from 'drizzle-orm';
import { projects, type Database } from '@bhasha/db';

// The list lives in projects.settings (read alike by the crawler, the proxy and the snippet).
// Each change is one UPDATE on the current list, so two people saving at once lose nothing.
const currentList = sql`coalesce(${projects.settings} -> 'ignorePatterns', '[]'::jsonb)`;

/** Queries on a project's ignore patterns. Callers pass a project id they already checked. */
export function createIgnorePatternsRepository(db: Database) {
  return {
    async list(projectId: string): Promise<string[]> {
      const [row] = await db
        .select({ settings: projects.settings })
        .from(projects)
        .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)))
        .limit(1);
      return row?.settings.ignorePatterns ?? [];
    },

    /** Appends the pattern unless it is already there or the list is full; true when appended. */
    async append(projectId: string, pattern: string, maxPatterns: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, '{ignorePatterns}', ${currentList} || jsonb_build_array(${pattern}::text))`,
          updatedAt: now,
        })
        .where(
          and(
            eq(projects.id, projectId),
            isNull(projects.deletingAt),
            sql`not (${currentList} @> jsonb_build_array(${pattern}::text))`,
            sql`jsonb_array_length(${currentList}) < ${maxPatterns}`,
          ),
        )
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    /** Removes these exact patterns (a short, bounded list); answers how many were removed. */
    async remove(projectId: string, patterns: readonly string[], now: Date): Promise<number> {
      if (patterns.length === 0) return 0;
      const doomed = sql.join(
        patterns.map((pattern) => sql`${pattern}::text`),
        sql`, `,
      );
      const [row] = await db
        .update(projects)
        .set({
          settings: sql`jsonb_set(${projects.settings}, '{ignorePatterns}', coalesce((
            select jsonb_agg(entry) from jsonb_array_elements(${currentList}) as entry
            where not (entry #>> '{}' in (${doomed}))
          ), '[]'::jsonb))`,
          updatedAt: now,
        })
        .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)))
        .returning({ remaining: sql<number>`jsonb_array_length(${projects.settings} -> 'ignorePatterns')` });
      return row ? row.remaining : 0;
    },
  };
}

export type IgnorePatternsRepository = ReturnType<typeof createIgnorePatternsRepository>;
