import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { transliterationPairs, type Database } from '@bhasha/db';
import { containsPattern } from '../projects/projects.repository';
import type { ProjectRef } from '../glossary/glossary.repository';

export type TransliterationPairRow = typeof transliterationPairs.$inferSelect;

export interface TransliterationPairInput {
  source: string;
  target: string;
  targetLang: string;
}

const INSERT_CHUNK = 500;

/** Custom transliteration pairs, always inside one project of one organisation. */
export function createTransliterationPairsRepository(db: Database) {
  const inProject = (project: ProjectRef) =>
    and(
      eq(transliterationPairs.projectId, project.id),
      eq(transliterationPairs.organisationId, project.organisationId),
    );

  return {
    /** Stores the pairs; a pair for the same word and language is replaced. */
    async upsertMany(project: ProjectRef, pairs: readonly TransliterationPairInput[]): Promise<number> {
      let saved = 0;
      await db.transaction(async (tx) => {
        for (let start = 0; start < pairs.length; start += INSERT_CHUNK) {
          const rows = await tx
            .insert(transliterationPairs)
            .values(
              pairs.slice(start, start + INSERT_CHUNK).map((pair) => ({
                ...pair,
                sourceKey: pair.source.toLowerCase(),
                projectId: project.id,
                organisationId: project.organisationId,
              })),
            )
            .onConflictDoUpdate({
              target: [
                transliterationPairs.projectId,
                transliterationPairs.targetLang,
                transliterationPairs.sourceKey,
              ],
              set: { source: sql`excluded.source`, target: sql`excluded.target` },
            })
            .returning({ id: transliterationPairs.id });
          saved += rows.length;
        }
      });
      return saved;
    },

    async list(
      project: ProjectRef,
      filter: { targetLang?: string; searchText?: string; pageNumber: number; pageSize: number },
    ): Promise<{ rows: TransliterationPairRow[]; total: number }> {
      const where = and(
        inProject(project),
        filter.targetLang ? eq(transliterationPairs.targetLang, filter.targetLang) : undefined,
        filter.searchText
          ? or(
              ilike(transliterationPairs.source, containsPattern(filter.searchText)),
              ilike(transliterationPairs.target, containsPattern(filter.searchText)),
            )
          : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(transliterationPairs)
          .where(where)
          .orderBy(asc(transliterationPairs.sourceKey), asc(transliterationPairs.targetLang))
          .limit(filter.pageSize)
          .offset((filter.pageNumber - 1) * filter.pageSize),
        db.select({ total: count() }).from(transliterationPairs).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    /** Lower-case source word → target, for one language. */
    async mapFor(project: ProjectRef, targetLang: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ key: transliterationPairs.sourceKey, target: transliterationPairs.target })
        .from(transliterationPairs)
        .where(and(inProject(project), eq(transliterationPairs.targetLang, targetLang)));
      return new Map(rows.map((row) => [row.key, row.target]));
    },

    async delete(project: ProjectRef, ids?: readonly string[]): Promise<number> {
      if (ids && ids.length === 0) return 0;
      const rows = await db
        .delete(transliterationPairs)
        .where(and(inProject(project), ids ? inArray(transliterationPairs.id, [...ids]) : undefined))
        .returning({ id: transliterationPairs.id });
      return rows.length;
    },
  };
}

export type TransliterationPairsRepository = ReturnType<typeof createTransliterationPairsRepository>;
