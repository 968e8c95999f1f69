import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { silentLogger, type Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import { createTranslationWriter, type TranslationWriter } from '../translation/translation-writer';
import type { MtEngineRegistry } from './mt-engine-registry';

/** How a run is cut into work; tests shorten the steps. */
export interface MtRunSettings {
  /** Segments read and sent to the engine at a time (stored together once translated). */
  chunkSize: number;
  /** Segments one job step handles before it hands over to the next step. */
  segmentsPerStep: number;
  /** Time one job step may work before it hands over (keeps steps far inside the job expiry). */
  msPerStep: number;
  /** Chunks in flight at once; default: the engine's own concurrency limit. */
  lanes?: number;
}

export const DEFAULT_MT_RUN_SETTINGS: MtRunSettings = {
  chunkSize: 50,
  segmentsPerStep: 2000,
  msPerStep: 5 * 60 * 1000,
};

/** What machine translation jobs run with in this process. */
export interface MtRuntime {
  db: Database;
  jobs: Pick<JobQueue, 'send'>;
  emitter: RealtimeEmitter;
  clock: Clock;
  engines: MtEngineRegistry;
  writer: TranslationWriter;
  log: Logger;
  settings: MtRunSettings;
}

// Job definitions are static (jobs/registry.ts); the worker binds their side effects at start-up.
let bound: MtRuntime | null = null;

/** Binds the side effects machine translation jobs use in this process. */
export function bindMtRuntime(runtime: MtRuntime): void {
  bound = runtime;
}

export function mtRuntime(): MtRuntime {
  if (!bound) throw new Error('machine translation jobs run before bindMtRuntime was called');
  return bound;
}

/** The runtime of a server process. */
export function createMtRuntime(
  deps: Omit<MtRuntime, 'writer' | 'settings' | 'log'> & { log?: Logger; settings?: Partial<MtRunSettings> },
): MtRuntime {
  return {
    ...deps,
    log: deps.log ?? silentLogger,
    writer: createTranslationWriter({ db: deps.db, emitter: deps.emitter, clock: deps.clock }),
    settings: { ...DEFAULT_MT_RUN_SETTINGS, ...deps.settings },
  };
}
