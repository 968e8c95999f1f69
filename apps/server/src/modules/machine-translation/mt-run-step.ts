import { NMT_EVENTS, NMT_MESSAGES, projectRoomOf, type NmtTp } from '@bhasha/contract';
import type { MtSegment } from '@bhasha/mt';
import type { TranslationChange, WriteResult } from '../translation/translation-writer';
import { createGlossaryRepository } from '../glossary/glossary.repository';
import { createProjectsRepository } from '../projects/projects.repository';
import { presentRun } from './machine-translation.presenter';
import type { MtEngine } from './mt-engine-registry';
import type { MtRuntime } from './mt-runtime';
import {
  createMtRunsRepository,
  type ItemState,
  type MtRunRow,
  type PendingItem,
} from './mt-runs.repository';
import { createMtUsageRepository, usageMonthOf } from './mt-usage.repository';
import { buildRunGlossary } from './run-glossary';

const HAS_LETTER = /\p{L}/u;
const PLACEHOLDER_TAGS = /<\/?x\d+\/?>/g;

/** What a job step achieved: the run is over, or another step must continue it. */
export type StepOutcome = 'finished' | 'continue';

/** Whether a run with this `tp` may replace a translation of this type (ADR 0009). */
export function mayReplace(tp: NmtTp, currentType: string | null): boolean {
  if (currentType === null || currentType === 'NO_TRANSLATION_AVAILABLE') return true;
  if (currentType === 'MACHINE') return tp !== 'untranslated';
  return tp === 'all';
}

/**
 * The same rule as the writer's compare-and-set condition, checked again under the row lock when
 * the translation is stored: a USER or PBK translation saved while the engine was working stays.
 */
export function replaceableTypes(tp: NmtTp): TranslationChange['onlyIfTypeIn'] {
  if (tp === 'all') return undefined;
  return tp === 'machine'
    ? ['none', 'NO_TRANSLATION_AVAILABLE', 'MACHINE']
    : ['none', 'NO_TRANSLATION_AVAILABLE'];
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return 'unknown';
  }
}

interface StepContext {
  run: MtRunRow;
  engine: MtEngine;
  glossary: ReturnType<typeof buildRunGlossary>;
  signal: AbortSignal;
  runs: ReturnType<typeof createMtRunsRepository>;
  usage: ReturnType<typeof createMtUsageRepository>;
}

/** Segments sent to the engine together, all of one domain (usage is metered per domain). */
interface Chunk {
  domain: string;
  items: PendingItem[];
}

/** Progress is pushed at most this often (every chunk would flood the project room). */
const PROGRESS_INTERVAL_MS = 500;

/**
 * One step of a run, as a pipeline: a reader walks the run's unfinished segments with a keyset
 * cursor, ahead of the engine, and cuts them into chunks of `chunkSize`; `lanes` workers (default:
 * the engine's concurrency) each send a chunk, keep its answers together with its metered usage
 * (one transaction), store them through the translation writer and take the next chunk. No lane
 * waits for another, and the next read overlaps the engine calls. Hence:
 * - an interruption loses at most the chunks in flight; a rerun never sends an answered chunk
 *   again and never meters it twice (received items are stored from what was kept);
 * - a USER/PBK translation saved while the engine worked is never replaced (the writer's
 *   compare-and-set on the translation type).
 * After `segmentsPerStep` segments or `msPerStep` the step stops taking chunks, drains its lanes
 * and hands over. Engine errors propagate to the job once every lane has stopped.
 */
export async function runMtStep(
  runtime: MtRuntime,
  runId: string,
  signal: AbortSignal,
  reportProgress: (done: number, total: number) => void,
): Promise<StepOutcome> {
  const runs = createMtRunsRepository(runtime.db);
  const usage = createMtUsageRepository(runtime.db);
  const started = Date.now();
  const run = await runs.markRunning(runId, runtime.clock.now());
  if (!run) return 'finished';
  const project = await createProjectsRepository(runtime.db).findById(run.projectId);
  if (!project || project.deletingAt) {
    await finishRun(runtime, runs, run, 'failed', 'The project was deleted');
    return 'finished';
  }
  const engine = runtime.engines.get(run.options.engine);
  if (!engine) {
    await finishRun(runtime, runs, run, 'failed', NMT_MESSAGES.unknownEngine);
    return 'finished';
  }
  const glossary = buildRunGlossary(
    await createGlossaryRepository(runtime.db).forLanguage(project, run.targetLang),
    run,
  );
  const projectHost = hostOf(project.baseUrl);
  const tp = run.options.tp as NmtTp;
  const { chunkSize } = runtime.settings;
  const lanes = Math.max(1, runtime.settings.lanes ?? engine.provider.limits.maxConcurrency);
  const step: StepContext = { run, engine, glossary, signal, runs, usage };

  // The reader: pages of unfinished items after the cursor, turned into chunks.
  const queue: Chunk[] = [];
  let cursor: string | undefined;
  let exhausted = false;
  let taken = 0;
  let reading: Promise<void> | null = null;
  const budgetLeft = () =>
    taken < runtime.settings.segmentsPerStep && Date.now() - started < runtime.settings.msPerStep;

  async function readPage(): Promise<void> {
    const items = await runs.pendingItems(run!, chunkSize * lanes, cursor);
    if (items.length === 0) {
      exhausted = true;
      return;
    }
    cursor = items.at(-1)!.segmentId;
    taken += items.length;
    // Answers kept before an interruption are stored without asking the engine again.
    const received = items.filter((item) => item.state === 'received');
    if (received.length > 0) await storeAnswers(runtime, step, received);
    const skipped = new Map<string, ItemState>();
    const byDomain = new Map<string, PendingItem[]>();
    for (const item of items) {
      if (item.state === 'received') continue;
      if (!mayReplace(tp, item.currentType)) {
        skipped.set(item.segmentId, 'skipped');
        continue;
      }
      const domain = item.domain ?? projectHost;
      const group = byDomain.get(domain) ?? [];
      group.push(item);
      byDomain.set(domain, group);
    }
    if (skipped.size > 0) await runs.finishItems(run!.id, skipped);
    for (const [domain, group] of byDomain)
      for (let i = 0; i < group.length; i += chunkSize)
        queue.push({ domain, items: group.slice(i, i + chunkSize) });
  }

  /** Reads ahead while the queue runs low; one read at a time. */
  function readAhead(): Promise<void> {
    if (!reading && !exhausted && budgetLeft())
      reading = readPage().finally(() => {
        reading = null;
      });
    return reading ?? Promise.resolve();
  }

  /** The read still running, if any (a function, so no narrowing hides the lanes' assignments). */
  const readInFlight = (): Promise<void> | null => reading;

  async function take(): Promise<Chunk | undefined> {
    while (queue.length === 0 && !exhausted && (reading || budgetLeft())) await readAhead();
    const chunk = queue.shift();
    if (queue.length < lanes) void readAhead().catch(() => undefined);
    return chunk;
  }

  let lastProgress = 0;
  async function progress(force: boolean): Promise<void> {
    if (!force && Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = Date.now();
    const current = await runs.findById(run!.id);
    if (!current) return;
    runtime.emitter.emitToRoom(projectRoomOf(run!.projectId), NMT_EVENTS.runUpdated, presentRun(current));
    reportProgress(current.translated + current.skipped + current.unchanged, current.total);
  }

  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (!failure) {
      try {
        signal.throwIfAborted();
        const chunk = await take();
        if (!chunk) return;
        await translateChunk(runtime, step, chunk.domain, chunk.items);
        await progress(false);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  await readInFlight()?.catch(() => undefined);
  if (failure) throw (failure as { error: unknown }).error;

  await progress(true);
  // Done only when a read from the start finds nothing left (not just the end of this cursor).
  if (exhausted && (await runs.pendingItems(run, 1)).length === 0) {
    await finishRun(runtime, runs, run, 'completed');
    return 'finished';
  }
  return 'continue';
}

/** Sends one chunk, keeps the answers with their usage, then stores them. */
async function translateChunk(
  runtime: MtRuntime,
  step: StepContext,
  domain: string,
  group: PendingItem[],
): Promise<void> {
  const { run, engine } = step;
  const vendorRequests = Math.ceil(group.length / engine.provider.limits.maxSegmentsPerRequest);
  await engine.pacer.acquire(vendorRequests, step.signal);
  const segments: MtSegment[] = group.map((item) => ({ id: item.segmentId, text: item.text }));
  const response = await engine.provider.translate({
    sourceLang: run.sourceLang,
    targetLang: run.targetLang,
    segments,
    glossary: step.glossary,
    signal: step.signal,
  });
  // An unusable answer (placeholders lost, empty) is kept as null: the previous text stays.
  const answers = response.results.map((result, index) => ({
    segmentId: group[index]!.segmentId,
    result: result.status === 'source' ? null : result.translation,
  }));
  await step.runs.receive(run.id, answers, async (tx, moved) => {
    if (moved.size === 0) return; // answered and metered before an interruption
    if (response.usage.requests === 0 && response.usage.characters === 0) return;
    // Words of the segments the engine was sent (adapters send nothing for text without letters).
    const words = group
      .filter((item) => HAS_LETTER.test(item.text.replace(PLACEHOLDER_TAGS, '')))
      .reduce((sum, item) => sum + item.wordCount, 0);
    await step.usage.add(tx, {
      organisationId: run.organisationId,
      projectId: run.projectId,
      domain,
      month: usageMonthOf(runtime.clock.now()),
      engine: engine.id,
      calls: response.usage.requests,
      segments: response.usage.segments,
      characters: response.usage.characters,
      words,
    });
  });
  await storeAnswers(
    runtime,
    step,
    group.map((item, index) => ({ ...item, state: 'received', result: answers[index]!.result })),
  );
}

/** Stores received answers as MACHINE translations (compare-and-set) and finishes their items. */
async function storeAnswers(
  runtime: MtRuntime,
  step: StepContext,
  items: readonly PendingItem[],
): Promise<void> {
  const { run } = step;
  const tp = run.options.tp as NmtTp;
  const onlyIfTypeIn = replaceableTypes(tp);
  const states = new Map<string, ItemState>();
  const changes: TranslationChange[] = [];
  const changed: PendingItem[] = [];
  for (const item of items) {
    if (item.result === null) {
      states.set(item.segmentId, 'unchanged');
      continue;
    }
    changed.push(item);
    changes.push({
      sourceHash: item.sourceHash,
      targetLang: run.targetLang,
      text: item.result,
      type: 'MACHINE',
      displayType: 'translation',
      origin: 'machine',
      ...(onlyIfTypeIn ? { onlyIfTypeIn } : {}),
    });
  }
  const written: WriteResult[] = await runtime.writer.write(
    { organisationId: run.organisationId, projectId: run.projectId, authorId: null },
    changes,
  );
  written.forEach((result, index) => {
    const item = changed[index]!;
    const isStored =
      result.outcome === 'created' || result.outcome === 'updated' || result.outcome === 'unchanged';
    states.set(item.segmentId, isStored ? 'translated' : 'skipped');
  });
  await step.runs.finishItems(run.id, states);
}

/** Ends a run (completed, or failed with the user's message) and tells the project room. */
export async function finishRun(
  runtime: MtRuntime,
  runs: ReturnType<typeof createMtRunsRepository>,
  run: Pick<MtRunRow, 'id' | 'projectId'>,
  status: 'completed' | 'failed',
  message?: string,
): Promise<void> {
  const now = runtime.clock.now();
  const finished =
    status === 'completed'
      ? await runs.complete(run.id, now)
      : await runs.fail(run.id, message ?? NMT_MESSAGES.runFailed, now);
  if (finished)
    runtime.emitter.emitToRoom(projectRoomOf(run.projectId), NMT_EVENTS.runUpdated, presentRun(finished));
}
