import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { memoryEntries, projects, segments, translations, type Database } from '@bhasha/db';
import type { DisplayType, TranslationType } from '@bhasha/contract';
import { silentEmitter, type RealtimeEmitter } from '../../realtime/realtime-emitter';
import { pgArray } from '../../lib/pg-array';
import { createTranslationWriter, type TranslationChange } from './translation-writer.repository';

interface Match {
  text: string;
  type: TranslationType;
  displayType: DisplayType;
}

/**
 * Applies exact matches from the organisation's memory to segments of a project that have no
 * translation yet (issue 6: "exact matches applied automatically when a new segment appears").
 * A match is a translation of the same source hash and source language in another live project
 * of the organisation (the most recently updated wins), else an entry kept from a deleted project
 * (keepTm) or imported into the organisation's TM. It is applied with its original type (USER,
 * MACHINE or PBK) through the translation writer, so it has a revision and moves the counts.
 * Idempotent: an entry that already has a translation is never touched.
 *
 * Runs inside the caller's transaction (the crawl's) when `db` is one. The applied entries go to
 * the project room as `translation.changed` through `events`: inside a transaction pass a
 * deferred emitter (realtime/deferred-emitter.ts) and flush it after the commit, so open editors
 * update without ever seeing a row a rollback removes.
 */
export async function applyExactMatchesToNewSegments(
  db: Database,
  ids: { organisationId: string; projectId: string },
  segmentIds: readonly string[],
  events: RealtimeEmitter = silentEmitter,
): Promise<number> {
  if (segmentIds.length === 0) return 0;
  const [project] = await db
    .select({ sourceLanguage: projects.sourceLanguage, targetLanguages: projects.targetLanguages })
    .from(projects)
    .where(eq(projects.id, ids.projectId));
  if (!project || project.targetLanguages.length === 0) return 0;
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
  if (hashes.length === 0) return 0;
  const languages = project.targetLanguages;

  const matches = new Map<string, Match>();
  const keyOf = (hash: string, lang: string) => `${hash}\u0000${lang}`;
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
    matches.set(keyOf(row.sourceHash, row.targetLang), {
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
    const key = keyOf(row.sourceHash, row.targetLang);
    if (!matches.has(key))
      matches.set(key, {
        text: row.text,
        type: row.type as TranslationType,
        displayType: row.displayType as DisplayType,
      });
  }
  if (matches.size === 0) return 0;

  const changes: TranslationChange[] = [];
  for (const [key, match] of matches) {
    const [sourceHash, targetLang] = key.split('\u0000') as [string, string];
    changes.push({
      sourceHash,
      targetLang,
      text: match.text,
      type: match.type,
      displayType: match.displayType,
      origin: 'exactMatch',
      onlyIfMissing: true,
    });
  }
  const writer = createTranslationWriter({ db, emitter: events, clock: { now: () => new Date() } });
  const results = await writer.write({ ...ids, authorId: null }, changes);
  return results.filter((r) => r.outcome === 'created').length;
}
