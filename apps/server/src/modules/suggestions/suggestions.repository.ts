import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { feedback, suggestions, users, type Database } from '@bhasha/db';
import type { SuggestionStatus } from '@bhasha/contract';
import { likePattern } from '../translation/translations.repository';

export type SuggestionRow = typeof suggestions.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;

export interface SuggestionFilter {
  targetLang?: string;
  status?: SuggestionStatus;
  searchText?: string;
}

/**
 * Visitors' suggestions and feedback of a project. Queries are keyed by a project id the service
 * has checked against the caller's scope; a suggestion id of another project does not match.
 */
export function createSuggestionsRepository(db: Database) {
  function suggestionWhere(projectId: string, filter: SuggestionFilter): SQL {
    const pattern = filter.searchText ? likePattern(filter.searchText) : null;
    return and(
      eq(suggestions.projectId, projectId),
      filter.targetLang ? eq(suggestions.targetLang, filter.targetLang) : undefined,
      filter.status ? eq(suggestions.status, filter.status) : undefined,
      pattern
        ? or(sql`${suggestions.sourceText} ilike ${pattern}`, sql`${suggestions.text} ilike ${pattern}`)
        : undefined,
    )!;
  }

  const suggestionColumns = { suggestion: suggestions, resolvedBy: users.email };

  return {
    async list(projectId: string, filter: SuggestionFilter, paging: { offset: number; limit: number }) {
      const where = suggestionWhere(projectId, filter);
      const rows = await db
        .select(suggestionColumns)
        .from(suggestions)
        .leftJoin(users, eq(users.id, suggestions.resolvedBy))
        .where(where)
        .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
        .offset(paging.offset)
        .limit(paging.limit);
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(suggestions)
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** Every suggestion of the filter, for the CSV download (bounded by the caller). */
    async all(projectId: string, filter: SuggestionFilter, limit: number) {
      return db
        .select(suggestionColumns)
        .from(suggestions)
        .leftJoin(users, eq(users.id, suggestions.resolvedBy))
        .where(suggestionWhere(projectId, filter))
        .orderBy(desc(suggestions.createdAt), desc(suggestions.id))
        .limit(limit);
    },

    async findByIds(projectId: string, ids: readonly string[]): Promise<SuggestionRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(suggestions)
        .where(and(eq(suggestions.projectId, projectId), inArray(suggestions.id, [...ids])));
    },

    /** Moves open suggestions (new, inprocess) to accepted or rejected; answers the rows it moved. */
    async resolve(
      projectId: string,
      ids: readonly string[],
      status: 'accepted' | 'rejected',
      by: string,
      at: Date,
    ): Promise<SuggestionRow[]> {
      if (ids.length === 0) return [];
      return db
        .update(suggestions)
        .set({ status, resolvedBy: by, resolvedAt: at })
        .where(
          and(
            eq(suggestions.projectId, projectId),
            inArray(suggestions.id, [...ids]),
            inArray(suggestions.status, ['new', 'inprocess']),
          ),
        )
        .returning();
    },

    async insert(values: typeof suggestions.$inferInsert): Promise<SuggestionRow> {
      const [row] = await db.insert(suggestions).values(values).returning();
      return row!;
    },

    async listFeedback(
      projectId: string,
      targetLang: string | undefined,
      paging: { offset: number; limit: number },
    ) {
      const where = and(
        eq(feedback.projectId, projectId),
        targetLang ? eq(feedback.targetLang, targetLang) : undefined,
      );
      const rows = await db
        .select()
        .from(feedback)
        .where(where)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .offset(paging.offset)
        .limit(paging.limit);
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(feedback)
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    async allFeedback(
      projectId: string,
      targetLang: string | undefined,
      limit: number,
    ): Promise<FeedbackRow[]> {
      return db
        .select()
        .from(feedback)
        .where(
          and(
            eq(feedback.projectId, projectId),
            targetLang ? eq(feedback.targetLang, targetLang) : undefined,
          ),
        )
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit);
    },

    async insertFeedback(values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
      const [row] = await db.insert(feedback).values(values).returning();
      return row!;
    },
  };
}

export type SuggestionsRepository = ReturnType<typeof createSuggestionsRepository>;
