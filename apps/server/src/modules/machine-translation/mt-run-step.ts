import {
  NMT_EVENTS,
  NMT_MESSAGES,
  SERVER_EVENTS,
  getLanguageName,
  nmtRunProblemMessage,
  notificationRoomOf,
  projectRoomOf,
  type NmtRunNotification,
  type DisplayType,
  type NmtTp,
  type TranslationOrigin,
  type TranslationType,
  WEBHOOK_EVENTS,
} from '@bhasha/contract';
import type { TranslationChange, WriteResult } from '../translation/translation-writer.repository';
import { createGlossaryRepository } from '../glossary/glossary.repository';
import { createProjectsRepository, type ProjectRow } from '../projects/projects.repository';
import { transliterateSegment, transliterationSource } from '../transliteration/transliterate-segment';
import { createTransliterationPairsRepository } from '../transliteration/transliteration-pairs.repository';
import { createWebhookEvents } from '../webhooks/webhook-events';
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
import { engineSegments } from './plural-segments';
import { pretranslate } from './pretranslate-pipeline';
import { buildRunGlossary } from './run-glossary';
import { createRunMemory, type RunMemorySegment } from './run-memory';

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

/** A run item as the pre-translation pipeline takes it: grouped by domain (usage is metered per domain). */
interface RunSegment extends RunMemorySegment {
  item: PendingItem;
}

/** What to store for one item: the engine's answer or the memory's match. */
interface Answer {
  item: PendingItem;
  /** Null: nothing usable, the current text stays (`unchanged`). */
  text: string | null;
  type?: TranslationType;
  displayType?: DisplayType;
  origin: TranslationOrigin;
}

/** Progress is pushed at most this often (every chunk would flood the project room). */
const PROGRESS_INTERVAL_MS = 500;

/** The project's fuzzy threshold for MT runs (percent), or null when fuzzy matches are not applied. */
function fuzzyThresholdOf(settings: { mtFuzzyThreshold?: number }): number | null {
  const threshold = settings.mtFuzzyThreshold;
  return typeof threshold === 'number' && threshold >= 50 && threshold <= 100 ? threshold : null;
}

/**
 * One step of a run, through the pre-translation pipeline (pretranslate-pipeline.ts, ADR 0023):
 * a reader walks the run's unfinished segments with a keyset cursor in pages; each page is first
 * asked of the organisation's translation memory (exact matches by hash in one query; fuzzy ones
 * when the project allows them) and the hits are stored at once; the misses are cut into chunks
 * of `chunkSize` per domain and go to the engine with up to `lanes` (default: the engine's
 * concurrency) in flight. A chunk's answers are kept together with its metered usage (one
 * transaction), then stored through the translation writer. The reader stays at most one round
 * of chunks ahead of the engine. Hence:
 * - an interruption loses at most the chunks in flight; a rerun never sends an answered chunk
 *   again (received items are stored from what was kept); every text sent is metered once per
 *   sending, so texts sent again by a worker that took over the run are metered again;
 * - a USER/PBK translation saved while the engine worked is never replaced (the writer's
 *   compare-and-set on the translation type), and the same holds for memory matches;
 * - a segment is looked up in the memory once per step that reads it.
 * After `segmentsPerStep` segments or `msPerStep` the step stops reading, drains its lanes
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
  if (run.options.mode === 'transliterate')
    return runTransliterationStep(runtime, run, project, started, reportProgress);
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

  let exhausted = false;
  let taken = 0;
  const budgetLeft = () =>
    taken < runtime.settings.segmentsPerStep && Date.now() - started < runtime.settings.msPerStep;

  /** Pages of unfinished items after the cursor, without the ones that need no lookup. */
  async function* pages(): AsyncGenerator<RunSegment[]> {
    let cursor: string | undefined;
    while (budgetLeft()) {
      const items = await runs.pendingItems(run!, chunkSize * lanes, cursor);
      if (items.length === 0) {
        exhausted = true;
        return;
      }
      cursor = items.at(-1)!.segmentId;
      taken += items.length;
      // Answers kept before an interruption are stored without asking the engine again.
      const received = items.filter((item) => item.state === 'received');
      if (received.length > 0)
        await storeAnswers(
          runtime,
          step,
          received.map((item) => ({ item, text: item.result, origin: 'machine' })),
        );
      const skipped = new Map<string, ItemState>();
      const todo: RunSegment[] = [];
      for (const item of items) {
        if (item.state === 'received') continue;
        if (!mayReplace(tp, item.currentType)) skipped.set(item.segmentId, 'skipped');
        else
          todo.push({
            id: item.segmentId,
            text: item.text,
            sourceHash: item.sourceHash,
            group: item.domain ?? projectHost,
            item,
          });
      }
      if (skipped.size > 0) await runs.finishItems(run!.id, skipped);
      if (todo.length > 0) yield todo;
    }
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

  const memory = createRunMemory<RunSegment>({
    repository: runtime.memory,
    fuzzy: runtime.fuzzy,
    organisationId: run.organisationId,
    projectId: run.projectId,
    sourceLang: run.sourceLang,
    targetLang: run.targetLang,
    tp,
    fuzzyThreshold: fuzzyThresholdOf(project.settings),
  });
  await pretranslate(pages(), {
    memory,
    engine: {
      batchSize: chunkSize,
      lanes,
      translate: (chunk) => translateChunk(runtime, step, chunk),
    },
    signal,
    async onResults(results) {
      await storeAnswers(
        runtime,
        step,
        results.map(({ segment, translation, origin, match }) => ({
          item: segment.item,
          text: translation,
          origin: origin === 'exact' ? 'exactMatch' : origin === 'fuzzy' ? 'fuzzyMatch' : 'machine',
          ...(match?.type ? { type: match.type } : {}),
          ...(match?.displayType ? { displayType: match.displayType } : {}),
        })),
      );
      await progress(false);
    },
  });

  await progress(true);
  // Done only when a read from the start finds nothing left (not just the end of this cursor).
  if (exhausted && (await runs.pendingItems(run, 1)).length === 0) {
    await finishRun(runtime, runs, run, 'completed');
    return 'finished';
  }
  return 'continue';
}

/** Segments a transliteration run writes at a time. */
const TRANSLITERATION_CHUNK = 10;

/** What transliteration may replace: no translation, a placeholder, or a machine one. */
const REPLACEABLE_BY_TRANSLITERATION = ['none', 'NO_TRANSLATION_AVAILABLE', 'MACHINE'] as const;

/**
 * One step of a transliteration run (the editor's "transliterate everything that matches",
 * ADR 0030): the built-in engine writes each pending segment in the target script (type
 * MACHINE, display type t13n; the project's custom pairs first), a chunk at a time through the
 * translation writer, keeping USER and PBK translations. No vendor is called, so nothing is
 * metered. Progress and the end of the run are reported as an NMT run's are.
 */
async function runTransliterationStep(
  runtime: MtRuntime,
  run: MtRunRow,
  project: ProjectRow,
  started: number,
  reportProgress: (done: number, total: number) => void,
): Promise<StepOutcome> {
  const runs = createMtRunsRepository(runtime.db);
  const customPairs = await createTransliterationPairsRepository(runtime.db).mapFor(project, run.targetLang);
  const from = transliterationSource(project.sourceLanguage);
  // The built-in engine takes a fraction of a second a sentence: small chunks keep the bar moving.
  const chunkSize = Math.min(runtime.settings.chunkSize, TRANSLITERATION_CHUNK);
  let taken = 0;
  let cursor: string | undefined;
  let lastProgress = 0;
  const progress = async (force: boolean) => {
    if (!force && Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = Date.now();
    const current = await runs.findById(run.id);
    if (!current) return;
    runtime.emitter.emitToRoom(projectRoomOf(run.projectId), NMT_EVENTS.runUpdated, presentRun(current));
    reportProgress(current.translated + current.skipped + current.unchanged, current.total);
  };
  // The run is running from now on: say so at once, before the first chunk is written.
  await progress(true);
  while (taken < runtime.settings.segmentsPerStep && Date.now() - started < runtime.settings.msPerStep) {
    const items = await runs.pendingItems(run, chunkSize, cursor);
    if (items.length === 0) break;
    cursor = items.at(-1)!.segmentId;
    taken += items.length;
    const states = new Map<string, ItemState>();
    const changed: PendingItem[] = [];
    const changes: TranslationChange[] = [];
    for (const item of items) {
      if (item.currentType === 'USER' || item.currentType === 'PBK') {
        states.set(item.segmentId, 'skipped');
        continue;
      }
      changed.push(item);
      changes.push({
        sourceHash: item.sourceHash,
        targetLang: run.targetLang,
        text: transliterateSegment(item.text, { to: run.targetLang, ...(from ? { from } : {}), customPairs }),
        type: 'MACHINE',
        displayType: 't13n',
        origin: 'machine',
        // Checked again under the row lock: a USER/PBK translation saved since the read stays.
        onlyIfTypeIn: REPLACEABLE_BY_TRANSLITERATION,
      });
    }
    const written = await runtime.writer.write(
      { organisationId: run.organisationId, projectId: run.projectId, authorId: run.userId },
      changes,
    );
    written.forEach((result, index) => {
      const isStored =
        result.outcome === 'created' || result.outcome === 'updated' || result.outcome === 'unchanged';
      states.set(changed[index]!.segmentId, isStored ? 'translated' : 'skipped');
    });
    await runs.finishItems(run.id, states);
    await progress(false);
  }
  await progress(true);
  if ((await runs.pendingItems(run, 1)).length === 0) {
    await finishRun(runtime, runs, run, 'completed');
    return 'finished';
  }
  return 'continue';
}

/** Sends one chunk (one domain) and keeps the answers with their usage; the pipeline stores them. */
async function translateChunk(
  runtime: MtRuntime,
  step: StepContext,
  chunk: readonly RunSegment[],
): Promise<{ translations: (string | null)[]; requests: number }> {
  const { run, engine } = step;
  const group = chunk.map((segment) => segment.item);
  const domain = chunk[0]!.group!;
  // Plurals go as their forms, one text each (plural-segments.ts).
  const outgoing = engineSegments(
    group.map((item) => ({ id: item.segmentId, text: item.text })),
    run.targetLang,
  );
  const vendorRequests = Math.ceil(outgoing.segments.length / engine.provider.limits.maxSegmentsPerRequest);
  await engine.pacer.acquire(vendorRequests, step.signal);
  const response = await engine.provider.translate({
    sourceLang: run.sourceLang,
    targetLang: run.targetLang,
    segments: outgoing.segments,
    glossary: step.glossary,
    signal: step.signal,
  });
  // An unusable answer (placeholders lost, empty) is kept as null: the previous text stays.
  const translations = outgoing.collect(response.results);
  const answers = group.map((item, index) => ({
    segmentId: item.segmentId,
    result: translations[index] ?? null,
  }));
  // The engine bills every text it was sent, so usage counts them even when another worker
  // (resuming a run it took for crashed) received these answers first and none are kept here.
  await step.runs.receive(run.id, answers, async (tx) => {
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
  return { translations: answers.map((answer) => answer.result), requests: response.usage.requests };
}

/**
 * Stores answers (compare-and-set on the types the run may replace) and finishes their items:
 * engine answers as MACHINE, memory matches with the type they carry (ADR 0023).
 */
async function storeAnswers(
  runtime: MtRuntime,
  step: StepContext,
  answers: readonly Answer[],
): Promise<void> {
  const { run } = step;
  const tp = run.options.tp as NmtTp;
  const onlyIfTypeIn = replaceableTypes(tp);
  const states = new Map<string, ItemState>();
  const changes: TranslationChange[] = [];
  const changed: PendingItem[] = [];
  for (const answer of answers) {
    if (answer.text === null) {
      states.set(answer.item.segmentId, 'unchanged');
      continue;
    }
    changed.push(answer.item);
    changes.push({
      sourceHash: answer.item.sourceHash,
      targetLang: run.targetLang,
      text: answer.text,
      type: answer.type ?? 'MACHINE',
      displayType: answer.displayType ?? 'translation',
      origin: answer.origin,
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
  if (!finished) return;
  const presented = presentRun(finished);
  runtime.emitter.emitToRoom(projectRoomOf(run.projectId), NMT_EVENTS.runUpdated, presented);
  await notifyProblem(runtime, finished);
  // Outgoing webhooks: a failure to queue them is logged, never turned into a failed run.
  await createWebhookEvents({ db: runtime.db, jobs: runtime.jobs })
    .emit(finished.organisationId, WEBHOOK_EVENTS.machineTranslationCompleted, { run: presented })
    .catch((err: unknown) => runtime.log.error({ err, runId: run.id }, 'webhook event not queued'));
}

/**
 * Tells the user who started a run that it failed or left strings untranslated, wherever in the
 * dashboard they are (the bell), with the reason. A clean run needs no notification: the editor
 * shows its progress. A run of a deleted project tells nobody.
 */
async function notifyProblem(runtime: MtRuntime, run: MtRunRow): Promise<void> {
  const isProblem = run.status === 'failed' || (run.status === 'completed' && run.unchanged > 0);
  if (!isProblem || !run.userId) return;
  const project = await createProjectsRepository(runtime.db).findById(run.projectId);
  if (!project || project.deletingAt) return;
  const notification: NmtRunNotification = {
    id: `nmt:${run.id}`,
    kind: 'nmt.problem',
    message: nmtRunProblemMessage({
      projectName: project.name,
      target: getLanguageName(run.targetLang),
      status: run.status === 'failed' ? 'failed' : 'completed',
      error: run.error,
      translated: run.translated,
      unchanged: run.unchanged,
      total: run.total,
    }),
    projectId: run.projectId,
    targetLang: run.targetLang,
    requestId: run.requestId,
  };
  runtime.emitter.emitToRoom(notificationRoomOf(run.userId), SERVER_EVENTS.notificationCreated, notification);
}
