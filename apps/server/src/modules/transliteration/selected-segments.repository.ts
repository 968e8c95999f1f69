import { and, eq, inArray } from 'drizzle-orm';
import { segments, translations, type Database } from '@bhasha/db';
import type { ProjectRef } from '../glossary/glossary.repository';

/** A segment picked in the editor, with its current translation type in one language. */
export interface SelectedSegment {
  id: string;
  sourceHash: string;
  text: string;
  currentType: string | null;
}

/** Reads the selected segments of a project; ids of other projects are simply absent. */
export function createSelectedSegmentsRepository(db: Database) {
  return {
    async find(project: ProjectRef, ids: readonly string[], targetLang: string): Promise<SelectedSegment[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: segments.id,
          sourceHash: segments.sourceHash,
          text: segments.text,
          currentType: translations.type,
        })
        .from(segments)
        .leftJoin(
          translations,
          and(eq(translations.segmentId, segments.id), eq(translations.targetLang, targetLang)),
        )
        .where(
          and(
            eq(segments.projectId, project.id),
            eq(segments.organisationId, project.organisationId),
            inArray(segments.id, [...ids]),
          ),
        );
    },
  };
}
