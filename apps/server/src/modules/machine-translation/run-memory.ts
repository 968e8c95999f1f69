import type { NmtTp, TranslationType } from '@bhasha/contract';
import type { OrganisationFuzzyIndexes } from '../translation-memory/organisation-fuzzy-indexes';
import type {
  MemoryTranslation,
  TranslationMemoryRepository,
} from '../translation-memory/translation-memory.repository';
import {
  LOOKUP_SLICE_MS,
  yieldToIo,
  type MemoryMatch,
  type PretranslateMemory,
  type PretranslateSegment,
} from './pretranslate-pipeline';

/** Fuzzy candidates asked per segment (some have no translation in the run's language). */
export const FUZZY_CANDIDATES = 5;

/** Types a fuzzy match may have: a translation of a similar text is only worth it when a human made it. */
const HUMAN_TYPES: readonly TranslationType[] = ['USER', 'PBK'];

/** A segment of a run as the memory needs it: its own source hash and text. */
export interface RunMemorySegment extends PretranslateSegment {
  sourceHash: string;
}

/**
 * The organisation's translation memory as an MT run asks it (ADR 0023). Per slice of a page (up
 * to a chunk): the exact matches by source hash in one query (the translation-memory
 * repository's `translationsOf`: other projects of the organisation in the same source language,
 * and kept/imported memory entries); when the project allows fuzzy matches, the organisation's
 * fuzzy index for the rest and one more query for the candidates' translations. The segment's own translation (same
 * project, same hash) never counts: it is what the run replaces.
 *
 * - Exact matches keep their type (USER, PBK or MACHINE). Under `tp: machine` or `all` the run was
 *   asked for fresh machine output, so a MACHINE exact match is passed over (it may be the very
 *   output being refreshed); USER and PBK ones still win over the engine.
 * - Fuzzy matches (score ≥ the project's threshold) come only from USER/PBK translations and are
 *   stored as MACHINE (a translation of a similar text is a draft, like the engine's).
 * - The most recently updated translation of a hash wins.
 */
export function createRunMemory<S extends RunMemorySegment>(deps: {
  repository: Pick<TranslationMemoryRepository, 'translationsOf'>;
  fuzzy: Pick<OrganisationFuzzyIndexes, 'query'> | null;
  organisationId: string;
  projectId: string;
  sourceLang: string;
  targetLang: string;
  tp: NmtTp;
  /** Lowest fuzzy score applied (percent); null: exact matches only (the default). */
  fuzzyThreshold: number | null;
}): PretranslateMemory<S> {
  const exactOf = new Map<string, MemoryMatch>();
  const fuzzyOf = new Map<string, MemoryMatch>();
  const usableExact = (row: MemoryTranslation) =>
    row.text !== '' && !(deps.tp !== 'untranslated' && row.type === 'MACHINE');

  /** The newest usable translation among `rows`, never the segment's own (its project, its hash). */
  function best(
    rows: readonly MemoryTranslation[],
    ownHash: string,
    usable: (row: MemoryTranslation) => boolean,
  ) {
    let chosen: MemoryTranslation | undefined;
    for (const row of rows) {
      if ((row.projectId === deps.projectId && row.sourceHash === ownHash) || !usable(row)) continue;
      if (!chosen || row.updatedAt > chosen.updatedAt) chosen = row;
    }
    return chosen;
  }

  async function translationsByHash(hashes: readonly string[]) {
    const rows = await deps.repository.translationsOf(
      deps.organisationId,
      deps.sourceLang,
      deps.targetLang,
      hashes,
    );
    const byHash = new Map<string, MemoryTranslation[]>();
    for (const row of rows) byHash.set(row.sourceHash, [...(byHash.get(row.sourceHash) ?? []), row]);
    return byHash;
  }

  return {
    async prepare(segments) {
      exactOf.clear();
      fuzzyOf.clear();
      const exactRows = await translationsByHash([...new Set(segments.map((s) => s.sourceHash))]);
      const rest: S[] = [];
      for (const segment of segments) {
        const row = best(exactRows.get(segment.sourceHash) ?? [], segment.sourceHash, usableExact);
        if (row)
          exactOf.set(segment.id, {
            translation: row.text,
            score: 100,
            type: row.type,
            displayType: row.displayType,
          });
        else rest.push(segment);
      }
      if (deps.fuzzyThreshold === null || !deps.fuzzy || rest.length === 0) return;
      const candidates = new Map<string, { sourceHash: string; score: number }[]>();
      let sliceStart = performance.now();
      for (const segment of rest) {
        if (performance.now() - sliceStart >= LOOKUP_SLICE_MS) {
          await yieldToIo(); // engine answers are handled between lookups
          sliceStart = performance.now();
        }
        const found = await deps.fuzzy.query(
          deps.organisationId,
          deps.sourceLang,
          segment.text,
          deps.fuzzyThreshold / 100,
          FUZZY_CANDIDATES,
        );
        // The segment's own hash has no usable row here (it would have been an exact match).
        candidates.set(
          segment.id,
          found.filter((match) => match.sourceHash !== segment.sourceHash),
        );
      }
      const hashes = new Set([...candidates.values()].flat().map((match) => match.sourceHash));
      if (hashes.size === 0) return;
      const rows = await translationsByHash([...hashes]);
      for (const segment of rest) {
        for (const match of candidates.get(segment.id) ?? []) {
          const row = best(
            rows.get(match.sourceHash) ?? [],
            segment.sourceHash,
            (r) => r.text !== '' && HUMAN_TYPES.includes(r.type),
          );
          if (!row) continue;
          fuzzyOf.set(segment.id, {
            translation: row.text,
            score: match.score,
            type: 'MACHINE',
            displayType: row.displayType,
          });
          break;
        }
      }
    },
    exact: (segment) => exactOf.get(segment.id),
    fuzzy: (segment) => fuzzyOf.get(segment.id),
  };
}
