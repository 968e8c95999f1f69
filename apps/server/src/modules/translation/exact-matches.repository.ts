import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { memoryEntries, projects, segments, translations, type Database } from '@bhasha/db';
import type { DisplayType, TranslationType } from '@bhasha/contract';
import { pgArray } from '../../lib/pg-array';

/** A translation found for a new segment's source hash in one target language. */
export interface ExactMatch {
  text: string;
  type: TranslationType;
  displayType: DisplayType;
}

/** The key of a match in `findExactMatches`' answer. */
export const exactMatchKey = (hash: string, lang: string) => `${hash}\u0000${lang}`;

/**
 * The organisation's exact matches for the given segments of a project, by `exactMatchKey(source
 * hash, target language)`, for the project's target languages: a translation of the same source
 * hash and source language in another live project of the organisation (the most recently updated
 * wins), else an entry kept from a deleted project (keepTm) or imported into the organisation's TM.
 */
export async function findExactMatches(
  db: Database,
  ids: { organisationId: string; projectId: string },
  segmentIds: readonly string[],
): Promise<Map<string, ExactMatch>> {
  const [project] = await db
    .select({ sourceLanguage: projects.sourceLanguage, targetLanguages: projects.targetLanguages })
    .from(projects)
    .where(eq(projects.id, ids.projectId));
  if (!project || project.targetLanguages.length === 0) return new Map();
  const fresh = await db
    .select({ sourceHash: segments.sourceHash })
    .from(segments)
    // The ids and hashes go as one array parameter each, not one parameter per element: a crawl
    // batch brings thousands of new segments, and drizzle's `inArray` of 10,000 values costs
    // ~300 ms of CPU to build (one array parameter: ~3 ms, building the literal included).
    .where(
      and(eq(segments.projectId, ids.projectId), sql`${segments.id} = any(${pgArray(segmentIds)}::uuid[])`),
    );
  const hashes = [...new Set(fresh.map((s) => s.sourceHash))];
  if (hashes.length === 0) return new Map();
  const languages = project.targetLanguages;

  const matches = new Map<string, ExactMatch>();
  // Live translations of the organisation's other projects in the same source language.
  const live = await db
    .selectDistinctOn([translations.sourceHash, translations.targetLang], {
      sourceHash: translations.sourceHash,
      targetLang: translations.targetLang,
      text: translations.text,
      type: translations.type,
      displayType: translations.displayType,
    })
    .from(translations)
    .innerJoin(projects, eq(projects.id, translations.projectId))
    .where(
      and(
        eq(translations.organisationId, ids.organisationId),
        sql`${translations.sourceHash} = any(${pgArray(hashes)}::text[])`,
        inArray(translations.targetLang, languages),
        ne(translations.projectId, ids.projectId),
        ne(translations.type, 'NO_TRANSLATION_AVAILABLE'),
        ne(translations.text, ''),
        eq(projects.sourceLanguage, project.sourceLanguage),
        isNull(projects.deletingAt),
      ),
    )
    .orderBy(translations.sourceHash, translations.targetLang, desc(translations.updatedAt));
  for (const row of live) {
    matches.set(exactMatchKey(row.sourceHash, row.targetLang), {
      text: row.text,
      type: row.type as TranslationType,
      displayType: row.displayType as DisplayType,
    });
  }
  const kept = await db
    .select()
    .from(memoryEntries)
    .where(
      and(
        eq(memoryEntries.organisationId, ids.organisationId),
        eq(memoryEntries.sourceLang, project.sourceLanguage),
        inArray(memoryEntries.targetLang, languages),
        sql`${memoryEntries.sourceHash} = any(${pgArray(hashes)}::text[])`,
        // Entries are found by their key (one probe per hash and language on the unique bigint,
        // migration 0023), or among the few stored unkeyed; the identity above is still compared.
        sql`(${memoryEntries.entryKey} = any(array(
          select bhasha_memory_key(${ids.organisationId}::uuid, ${project.sourceLanguage}, l, h)
          from unnest(${pgArray(languages)}::text[]) l, unnest(${pgArray(hashes)}::text[]) h))
          or ${memoryEntries.entryKey} is null)`,
        ne(memoryEntries.type, 'NO_TRANSLATION_AVAILABLE'),
        sql`${memoryEntries.text} <> ''`,
      ),
    );
  for (const row of kept) {
    const key = exactMatchKey(row.sourceHash, row.targetLang);
    if (!matches.has(key))
      matches.set(key, {
        text: row.text,
        type: row.type as TranslationType,
        displayType: row.displayType as DisplayType,
      });
  }
  return matches;
}
