import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { glossaryTerms, type Database } from '@bhasha/db';
import type { GlossaryAction } from '@bhasha/contract';
import { containsPattern } from '../projects/projects.repository';

export type GlossaryTermRow = typeof glossaryTerms.$inferSelect;

/** A term as read from an upload, ready to store. */
export interface GlossaryTermInput {
  term: string;
  action: GlossaryAction;
  translation: string | null;
  targetLang: string;
  caseSensitive: boolean;
}

/** The project a query works in: both ids, so no query can reach another organisation's rows. */
export interface ProjectRef {
  id: string;
  organisationId: string;
}

const INSERT_CHUNK = 500;

/** Mask-term queries, always inside one project of one organisation. */
export function createGlossaryRepository(db: Database) {
  const inProject = (project: ProjectRef) =>
    and(eq(glossaryTerms.projectId, project.id), eq(glossaryTerms.organisationId, project.organisationId));

  return {
    /** Stores the terms; a term already there for the same language is replaced. */
    async upsertMany(project: ProjectRef, terms: readonly GlossaryTermInput[]): Promise<number> {
      let saved = 0;
      await db.transaction(async (tx) => {
        for (let start = 0; start < terms.length; start += INSERT_CHUNK) {
          const rows = await tx
            .insert(glossaryTerms)
            .values(
              terms.slice(start, start + INSERT_CHUNK).map((term) => ({
                ...term,
                projectId: project.id,
                organisationId: project.organisationId,
              })),
            )
            .onConflictDoUpdate({
              target: [glossaryTerms.projectId, glossaryTerms.targetLang, glossaryTerms.term],
              set: {
                action: sql`excluded.action`,
                translation: sql`excluded.translation`,
                caseSensitive: sql`excluded.case_sensitive`,
              },
            })
            .returning({ id: glossaryTerms.id });
          saved += rows.length;
        }
      });
      return saved;
    },

    async list(
      project: ProjectRef,
      filter: { targetLang?: string; searchText?: string; pageNumber: number; pageSize: number },
    ): Promise<{ rows: GlossaryTermRow[]; total: number }> {
      const where = and(
        inProject(project),
        filter.targetLang ? eq(glossaryTerms.targetLang, filter.targetLang) : undefined,
        filter.searchText
          ? or(
              ilike(glossaryTerms.term, containsPattern(filter.searchText)),
              ilike(glossaryTerms.translation, containsPattern(filter.searchText)),
            )
          : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(glossaryTerms)
          .where(where)
          .orderBy(asc(glossaryTerms.term), asc(glossaryTerms.targetLang))
          .limit(filter.pageSize)
          .offset((filter.pageNumber - 1) * filter.pageSize),
        db.select({ total: count() }).from(glossaryTerms).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Every term of the project (download), in a stable order. */
    async listAll(project: ProjectRef): Promise<GlossaryTermRow[]> {
      return db
        .select()
        .from(glossaryTerms)
        .where(inProject(project))
        .orderBy(asc(glossaryTerms.term), asc(glossaryTerms.targetLang));
    },

    /** The terms that apply to one target language: its own and those for every language. */
    async forLanguage(project: ProjectRef, targetLang: string): Promise<GlossaryTermRow[]> {
      return db
        .select()
        .from(glossaryTerms)
        .where(and(inProject(project), inArray(glossaryTerms.targetLang, [targetLang, '*'])))
        .orderBy(asc(glossaryTerms.term));
    },

    /** Deletes the named terms of the project, or all of them when no ids are given. */
    async delete(project: ProjectRef, ids?: readonly string[]): Promise<number> {
      if (ids && ids.length === 0) return 0;
      const rows = await db
        .delete(glossaryTerms)
        .where(and(inProject(project), ids ? inArray(glossaryTerms.id, [...ids]) : undefined))
        .returning({ id: glossaryTerms.id });
      return rows.length;
    },
  };
}

export type GlossaryRepository = ReturnType<typeof createGlossaryRepository>;
