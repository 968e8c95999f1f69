import type { Database } from '@bhasha/db';
import { silentEmitter, type RealtimeEmitter } from '../../realtime/realtime-emitter';
import { findExactMatches } from './exact-matches.repository';
import { createTranslationWriter, type TranslationChange } from './translation-writer.repository';

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
  const matches = await findExactMatches(db, ids, segmentIds);
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
