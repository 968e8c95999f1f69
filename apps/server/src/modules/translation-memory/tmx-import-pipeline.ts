import { readTmx, readTmxChunks, sourceHash, type TmxEvent, type TmxUnit } from '@bhasha/engine';
import type { TranslationChange, TranslationWriter } from '../translation/translation-writer.repository';
import type { OrganisationFuzzyIndexes } from './organisation-fuzzy-indexes';
import { BinaryTextColumn } from '../../lib/pg-binary-array';
import { tmxLanguageMatches } from './tmx-language';
import type { TranslationMemoryRepository } from './translation-memory.repository';

/**
 * Units read, de-duplicated and written together: one round of statements per batch. 10,000, not
 * 5,000: at 1 M units, alternating runs of a scratch harness gave the import 47.1 / 15.3 s against
 * 57.4 / 20.8 s (load 12-6) and its server backends 14.6 / 12.7 s of CPU against 15.9 / 13.2 s (fewer
 * statements, each sorted batch touching the key index's pages fewer times). The bench's import
 * peaks at 445 MB with it (341 MB with 5,000; 674 MB with 20,000, which was faster still): three
 * batches of texts are alive at once (ADR 0019). A resumed import redoes at most one batch.
 */
export const TMX_IMPORT_BATCH = 10_000;
const WRITE_CHUNK = 500;
/** Memory rows stored by one import after which the table's planner statistics are refreshed. */
const ANALYZE_AFTER = 10_000;

/** Where an import writes: one project, its source language and one target language. */
export interface TmxImportTarget {
  organisationId: string;
  projectId: string;
  sourceLang: string;
  targetLang: string;
  authorId: string | null;
  overwrite: boolean;
}

export interface TmxImportTotals {
  units: number;
  applied: number;
  unchanged: number;
  addedToMemory: number;
  skipped: number;
}

export interface TmxImportDeps {
  repository: TranslationMemoryRepository;
  writer: TranslationWriter;
  fuzzy: OrganisationFuzzyIndexes;
  /**
   * Told after each batch's memory rows are committed (`createMemoryChangeAnnouncer`: a NOTIFY
   * that wakes web processes' fuzzy indexes, ADR 0019). A failure fails the import: the
   * same database just took the batch, and a retried import redoes at most one batch.
   */
  announce?: (organisationId: string, sourceLang: string, last?: boolean) => Promise<void>;
}

export function emptyTotals(): TmxImportTotals {
  return { units: 0, applied: 0, unchanged: 0, addedToMemory: 0, skipped: 0 };
}

/**
 * Units of one batch, one row per source hash in the order the sources first appeared (a later unit
 * for the same source replaces the earlier one's texts). The texts are kept as UTF-8 in the upsert's
 * own parameter layout from the moment they are read (`BinaryTextColumn`, off the JavaScript heap):
 * a batch lives while it is written, and as strings its texts, and the decoded file chunks their
 * slices pin, were copied by every young-generation collection meanwhile (ADR 0019).
 * Columns, not an object per unit, for the same reason.
 */
class BatchPairs {
  readonly sourceHashes: string[] = [];
  /** Row of each source hash. */
  readonly rows = new Map<string, number>();
  readonly sourceTexts: BinaryTextColumn;
  readonly texts: BinaryTextColumn;
  /** Each row's element in `sourceTexts` and in `texts`. */
  readonly sourceElements: number[] = [];
  readonly textElements: number[] = [];

  /** `columns`: a written batch's, emptied and reused (`SpareColumns`); else new ones. */
  constructor(columns?: TextColumns) {
    // Sized for a 10,000-unit batch of ~130-character texts (they grow when needed).
    this.sourceTexts = columns?.sourceTexts ?? new BinaryTextColumn(1 << 21);
    this.texts = columns?.texts ?? new BinaryTextColumn(1 << 22);
    this.sourceTexts.clear();
    this.texts.clear();
  }

  get size(): number {
    return this.sourceHashes.length;
  }

  set(hash: string, sourceText: string, text: string): void {
    const row = this.rows.get(hash);
    const source = this.sourceTexts.push(sourceText);
    const translated = this.texts.push(text);
    if (row === undefined) {
      this.rows.set(hash, this.sourceHashes.length);
      this.sourceHashes.push(hash);
      this.sourceElements.push(source);
      this.textElements.push(translated);
    } else {
      // The earlier unit's bytes stay in the columns, unreferenced: a repeated source is rare.
      this.sourceElements[row] = source;
      this.textElements[row] = translated;
    }
  }

  sourceText(row: number): string {
    return this.sourceTexts.text(this.sourceElements[row]!);
  }

  text(row: number): string {
    return this.texts.text(this.textElements[row]!);
  }
}

/** A batch's two text columns. */
interface TextColumns {
  sourceTexts: BinaryTextColumn;
  texts: BinaryTextColumn;
}

/**
 * Columns of batches already written, for the next batches: a batch's ~6 MB of fresh memory cost a
 * page fault per 4 KB on its first write, half of encoding its texts (the import's columns are
 * filled once per batch, so a reused column is written to memory already mapped). At most one per
 * batch that was in flight at once (`writers` + 1).
 */
class SpareColumns {
  private readonly spare: TextColumns[] = [];

  take(): TextColumns | undefined {
    return this.spare.pop();
  }

  /** Once nothing reads the batch's columns again (it is stored and reported). */
  giveBack(pairs: BatchPairs): void {
    this.spare.push({ sourceTexts: pairs.sourceTexts, texts: pairs.texts });
  }
}

/** What one stored batch adds to the totals. */
interface BatchCounts {
  applied: number;
  unchanged: number;
  addedToMemory: number;
}

/**
 * Streams a TMX file into the project and the organisation's memory, a batch at a time, so memory
 * stays flat however large the file is: units whose source is a segment of the project go through
 * the translation writer (revisions, counts, events); the others are upserted into the memory with
 * array parameters (one statement per batch) and added to the fuzzy index as they are stored.
 * Batches are written while the next one is read; on PostgreSQL up to `writers` memory upserts
 * run at once (each connection is a server process of its own, and the upsert's index work is
 * most of an import's time), on PGlite one.
 *
 * `skipUnits` resumes after units an earlier, interrupted run already stored (writes are upserts,
 * so a batch written twice changes nothing); `onBatch` hears the totals after each stored batch,
 * in file order and only once every earlier batch is stored too, so its `units` is always a point
 * before which everything is committed. Within a batch a later unit for the same source wins, as
 * in the file's own tool; across batches the later one wins in the memory (a batch sharing a
 * source with one still being written waits for it), and in the project too when `overwrite` is
 * set (a batch's project translations are written once every earlier batch is recorded).
 */
export async function importTmxStream(
  deps: TmxImportDeps,
  target: TmxImportTarget,
  file: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  options: {
    skipUnits?: number;
    batchSize?: number;
    /** Batches written at once; the repository's `parallelWrites()` when not given. */
    writers?: number;
    /** Checked before each batch is stored: an aborted import stops between batches. */
    signal?: AbortSignal;
    onBatch?: (totals: TmxImportTotals) => Promise<void> | void;
  } = {},
): Promise<TmxImportTotals> {
  const totals = emptyTotals();
  const skipUnits = options.skipUnits ?? 0;
  const batchSize = options.batchSize ?? TMX_IMPORT_BATCH;
  const writers = Math.max(1, options.writers ?? deps.repository.parallelWrites());
  const languages = {
    source: languageMatcher(target.sourceLang),
    target: languageMatcher(target.targetLang),
  };
  const spare = new SpareColumns();
  let batch = new BatchPairs();
  let seen = 0;
  /** Batches being written; `settled` never rejects (the first failure is kept in `failed`). */
  const inFlight: Array<{ pairs: BatchPairs; settled: Promise<void> }> = [];
  // A property rather than a variable: it is set in callbacks, which TypeScript's narrowing of a
  // local `let` would not see.
  const failed: { failure: { error: unknown } | null } = { failure: null };
  /** The last batch's commit report (`onBatch`): the next batch reports after it (file order). */
  let committed: Promise<void> = Promise.resolve();
  const flush = async () => {
    if (batch.size === 0) return;
    const pairs = batch;
    batch = new BatchPairs(spare.take());
    const cut = { units: seen, skipped: totals.skipped };
    while (inFlight.length >= writers || inFlight.some((writing) => sharesSource(writing.pairs, pairs))) {
      await Promise.race(inFlight.map((writing) => writing.settled));
    }
    if (failed.failure) throw failed.failure.error;
    options.signal?.throwIfAborted();
    const previous = committed;
    // Project translations wait until every earlier batch is stored and recorded: they are
    // written in file order, and an import stopped meanwhile writes none it will not count.
    const project = storeProjectPart(deps, target, pairs, async () => {
      await previous;
      options.signal?.throwIfAborted();
    });
    const stored = project.then((part) => storeMemoryPart(deps, target, pairs, part));
    committed = (async () => {
      const counts = await stored;
      await previous;
      // An aborted import reports nothing more: a batch another writer finished meanwhile is
      // stored but not counted, as when a worker dies between a write and its record.
      options.signal?.throwIfAborted();
      totals.applied += counts.applied;
      totals.unchanged += counts.unchanged;
      totals.addedToMemory += counts.addedToMemory;
      await options.onBatch?.({ ...totals, ...cut });
    })();
    // A batch holds its place until it is reported, so an abort heard in a report stops the
    // import before another batch starts (as a killed worker would).
    const writing = {
      pairs,
      settled: committed.then(
        // Stored, announced and reported: its columns are not read again (its hashes may be, by
        // `sharesSource`, until it leaves `inFlight`).
        () => spare.giveBack(pairs),
        (error: unknown) => void (failed.failure ??= { error }),
      ),
    };
    inFlight.push(writing);
    void writing.settled.then(() => inFlight.splice(inFlight.indexOf(writing), 1));
  };
  /**
   * Adds the units of `events` from `from` to the batch until it is full; answers where it stopped.
   * A function of its own, without the `await flush()`: in the loop over units, that call was first
   * reached after a batch of units, by when the loop ran optimised with no feedback for it, and
   * the optimised code was thrown away (`--trace-deopt`, a cold import: three compilations).
   */
  const addUnits = (events: readonly TmxEvent[], from: number): number => {
    for (let i = from; i < events.length; i += 1) {
      const event = events[i]!;
      if (event.type !== 'unit') continue;
      seen += 1;
      if (seen <= skipUnits) continue;
      totals.units = seen;
      const variants = languagePair(event.unit, languages);
      if (variants === NO_PAIR) totals.skipped += 1;
      else {
        const sourceText = event.unit.variants[variants & PAIR_MASK]!.segment.text;
        const text = event.unit.variants[variants >>> PAIR_SHIFT]!.segment.text;
        batch.set(sourceHash(sourceText), sourceText, text);
      }
      if (batch.size >= batchSize) return i + 1;
    }
    return events.length;
  };
  try {
    // A chunk's events at a time: one await per 64 KB read, not one per unit.
    for await (const events of readTmxChunks(file)) {
      for (let next = 0; next < events.length;) {
        next = addUnits(events, next);
        if (batch.size >= batchSize) await flush();
      }
    }
    totals.units = seen;
    await flush();
    await Promise.all(inFlight.map((writing) => writing.settled));
    if (failed.failure) throw failed.failure.error;
    // Every batch is stored: readers catch up now, while the statistics are refreshed.
    if (totals.addedToMemory > 0) await deps.announce?.(target.organisationId, target.sourceLang, true);
    if (totals.addedToMemory >= ANALYZE_AFTER) await deps.repository.analyzeMemory();
  } catch (error) {
    await Promise.all(inFlight.map((writing) => writing.settled));
    throw error;
  }
  return { ...totals };
}

/** Whether two batches hold a unit for the same source (the smaller one is walked). */
function sharesSource(a: BatchPairs, b: BatchPairs): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const hash of small.sourceHashes) if (large.rows.has(hash)) return true;
  return false;
}

/**
 * `tmxLanguageMatches` for one project language, remembered per tag: a file uses a handful of tags,
 * and lower-casing and splitting each unit's tags again was ~4 % of an import's own CPU.
 */
function languageMatcher(code: string): (tag: string) => boolean {
  const answers = new Map<string, boolean>();
  return (tag) => {
    let matches = answers.get(tag);
    if (matches === undefined) {
      matches = tmxLanguageMatches(tag, code);
      // Bounded: a file with endless distinct tags costs the plain comparison, not memory.
      if (answers.size < 256) answers.set(tag, matches);
    }
    return matches;
  };
}

/** `languagePair`'s answer when the unit lacks a language or a text. */
const NO_PAIR = -1;
/** `languagePair` packs two variant positions (each < `maxVariantsPerUnit`, 500) into one number. */
const PAIR_SHIFT = 16;
const PAIR_MASK = 0xffff;

/**
 * Where the unit's texts in the project's source language and in the target language are (the first
 * variant of each), packed as `source | target << PAIR_SHIFT`, or NO_PAIR when it lacks either or
 * either text is blank. A number, not an object: this runs for every unit of the file.
 */
function languagePair(
  unit: TmxUnit,
  languages: { source: (tag: string) => boolean; target: (tag: string) => boolean },
): number {
  const variants = unit.variants;
  let source = -1;
  let target = -1;
  for (let i = 0; i < variants.length && (source < 0 || target < 0); i += 1) {
    const lang = variants[i]!.lang;
    if (source < 0 && languages.source(lang)) source = i;
    if (target < 0 && languages.target(lang)) target = i;
  }
  if (source < 0 || target < 0 || source > PAIR_MASK || target > PAIR_MASK) return NO_PAIR;
  if (!variants[source]!.segment.text.trim() || !variants[target]!.segment.text.trim()) return NO_PAIR;
  return source | (target << PAIR_SHIFT);
}

/** The batch's rows for the memory (sources that are no segment of the project): hashes and elements. */
interface MemoryPart {
  sourceHashes: readonly string[];
  sourceElements: readonly number[];
  textElements: readonly number[];
}

/** Writes the batch's units for segments of the project; answers the rest, for the memory. */
async function storeProjectPart(
  { repository, writer }: TmxImportDeps,
  target: TmxImportTarget,
  pairs: BatchPairs,
  /** Resolves when project translations may be written (earlier batches recorded). */
  turn: () => Promise<void>,
): Promise<{ memory: MemoryPart; applied: number; unchanged: number }> {
  const inProject = await repository.projectHashes(target.projectId, pairs.sourceHashes);
  // The usual case (no unit is a segment of the project): the batch's own columns, not a copy.
  if (inProject.size === 0) return { memory: pairs, applied: 0, unchanged: 0 };
  const changes: TranslationChange[] = [];
  const memory = {
    sourceHashes: [] as string[],
    sourceElements: [] as number[],
    textElements: [] as number[],
  };
  for (let row = 0; row < pairs.size; row += 1) {
    const hash = pairs.sourceHashes[row]!;
    if (inProject.has(hash)) {
      changes.push({
        sourceHash: hash,
        targetLang: target.targetLang,
        text: pairs.text(row),
        type: 'USER',
        origin: 'tmx',
        onlyIfMissing: !target.overwrite,
      });
    } else {
      memory.sourceHashes.push(hash);
      memory.sourceElements.push(pairs.sourceElements[row]!);
      memory.textElements.push(pairs.textElements[row]!);
    }
  }
  const ctx = {
    organisationId: target.organisationId,
    projectId: target.projectId,
    authorId: target.authorId,
  };
  let applied = 0;
  let unchanged = 0;
  if (changes.length > 0) await turn();
  for (let at = 0; at < changes.length; at += WRITE_CHUNK) {
    for (const result of await writer.write(ctx, changes.slice(at, at + WRITE_CHUNK))) {
      if (result.outcome === 'created' || result.outcome === 'updated') applied += 1;
      else unchanged += 1;
    }
  }
  return { memory, applied, unchanged };
}

/** Upserts the batch's other units into the organisation's memory and its fuzzy index. */
async function storeMemoryPart(
  { repository, fuzzy, announce }: TmxImportDeps,
  target: TmxImportTarget,
  pairs: BatchPairs,
  part: { memory: MemoryPart; applied: number; unchanged: number },
): Promise<BatchCounts> {
  const { memory } = part;
  // The batch's columns are not touched again until this resolves (the repository reads them).
  if (memory.sourceHashes.length > 0) {
    await repository.upsertMemoryColumns(target.organisationId, {
      sourceLang: target.sourceLang,
      targetLang: target.targetLang,
      projectId: target.projectId,
      sourceHashes: memory.sourceHashes,
      sourceTexts: pairs.sourceTexts,
      texts: pairs.texts,
      elements: { source: memory.sourceElements, text: memory.textElements },
    });
    await announce?.(target.organisationId, target.sourceLang);
  }
  // A worker holds no index (ADR 0011): no list of the batch's sources is built for nothing.
  if (fuzzy.holds(target.organisationId, target.sourceLang))
    fuzzy.remember(
      target.organisationId,
      target.sourceLang,
      pairs.sourceHashes.map((hash, row) => ({ sourceHash: hash, text: pairs.sourceText(row) })),
    );
  return { applied: part.applied, unchanged: part.unchanged, addedToMemory: memory.sourceHashes.length };
}

/** Reads a TMX file to its end without storing anything: a bad file is refused before any write. */
export async function validateTmx(
  file: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
): Promise<number> {
  let units = 0;
  for await (const event of readTmx(file)) if (event.type === 'unit') units += 1;
  return units;
}
