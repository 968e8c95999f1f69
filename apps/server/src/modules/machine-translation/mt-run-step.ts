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

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return 'unknown';
  }
}

/**
 * One step of a run: translates pending segments chunk by chunk, storing each chunk's MACHINE
 * translations through the translation writer and marking its segments finished (with the
 * metered usage) before the next chunk is sent, so an interruption loses at most the chunk in
 * flight and a rerun never sends a finished segment again. Engine errors propagate to the job.
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
  let processed = 0;

  for (;;) {
    signal.throwIfAborted();
    const items = await runs.pendingItems(run, runtime.settings.chunkSize);
    if (items.length === 0) {
      await finishRun(runtime, runs, run, 'completed');
      return 'finished';
    }
    const skipped = new Map<string, ItemState>();
    const byDomain = new Map<string, PendingItem[]>();
    for (const item of items) {
      if (!mayReplace(tp, item.currentType)) {
        skipped.set(item.segmentId, 'skipped');
        continue;
      }
      const domain = item.domain ?? projectHost;
      byDomain.set(domain, [...(byDomain.get(domain) ?? []), item]);
    }
    if (skipped.size > 0) await runs.finishItems(run.id, skipped);
    for (const [domain, group] of byDomain) {
      await translateGroup(runtime, { run, engine, glossary, domain, group, signal, runs, usage });
    }
    processed += items.length;
    const current = await runs.findById(run.id);
    if (current) {
      runtime.emitter.emitToRoom(projectRoomOf(run.projectId), NMT_EVENTS.runUpdated, presentRun(current));
      reportProgress(current.translated + current.skipped + current.unchanged, current.total);
    }
    if (processed >= runtime.settings.segmentsPerStep || Date.now() - started >= runtime.settings.msPerStep)
      return 'continue';
  }
}

async function translateGroup(
  runtime: MtRuntime,
  step: {
    run: MtRunRow;
    engine: MtEngine;
    glossary: ReturnType<typeof buildRunGlossary>;
    domain: string;
    group: PendingItem[];
    signal: AbortSignal;
    runs: ReturnType<typeof createMtRunsRepository>;
    usage: ReturnType<typeof createMtUsageRepository>;
  },
): Promise<void> {
  const { run, engine, group } = step;
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

  const states = new Map<string, ItemState>();
  const changes: TranslationChange[] = [];
  const changed: PendingItem[] = [];
  response.results.forEach((result, index) => {
    const item = group[index]!;
    // An unusable answer (placeholders lost, empty) must not replace anything: keep what is there.
    if (result.status === 'source') {
      states.set(item.segmentId, 'unchanged');
      return;
    }
    changed.push(item);
    changes.push({
      sourceHash: item.sourceHash,
      targetLang: run.targetLang,
      text: result.translation,
      type: 'MACHINE',
      displayType: 'translation',
      origin: 'machine',
      // Without a row the writer re-checks inside its transaction, so a user's translation saved
      // meanwhile is never replaced.
      ...(item.currentType === null ? { onlyIfMissing: true } : {}),
    });
  });
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
  // Words of the segments the engine was sent (adapters send nothing for text without letters).
  const words = group
    .filter((item) => HAS_LETTER.test(item.text.replace(PLACEHOLDER_TAGS, '')))
    .reduce((sum, item) => sum + item.wordCount, 0);
  await step.runs.finishItems(run.id, states, async (tx) => {
    if (response.usage.requests === 0 && response.usage.characters === 0) return;
    await step.usage.add(tx, {
      organisationId: run.organisationId,
      projectId: run.projectId,
      domain: step.domain,
      month: usageMonthOf(runtime.clock.now()),
      engine: engine.id,
      calls: response.usage.requests,
      segments: response.usage.segments,
      characters: response.usage.characters,
      words,
    });
  });
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
