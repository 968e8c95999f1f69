import type { Database } from '@bhasha/db';
import type { JobQueue } from '../../jobs/job-queue';
import type { Clock } from '../../lib/clock';
import { silentLogger, type Logger } from '../../lib/logger';
import type { RealtimeEmitter } from '../../realtime/realtime-emitter';
import {
  createTranslationWriter,
  type TranslationWriter,
} from '../translation/translation-writer.repository';
import {
  createOrganisationFuzzyIndexes,
  type OrganisationFuzzyIndexes,
} from '../translation-memory/organisation-fuzzy-indexes';
import {
  createTranslationMemoryRepository,
  type TranslationMemoryRepository,
} from '../translation-memory/translation-memory.repository';
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
  /** The organisations' translation memory a run asks before the engine (ADR 0023). */
  memory: TranslationMemoryRepository;
  /** The organisations' fuzzy indexes, for projects that allow fuzzy matches in MT runs. */
  fuzzy: OrganisationFuzzyIndexes;
}

/**
 * How stale the MT worker's fuzzy index of an organisation may be: a run step catches up once,
 * not per segment (each catch-up is two range reads).
 */
const MT_FUZZY_REFRESH_MS = 30_000;
/** Organisation/language fuzzy indexes the MT worker keeps. */
const MT_FUZZY_MAX_INDEXES = 8;

/** The runtime of a server process. */
export function createMtRuntime(
  deps: Omit<MtRuntime, 'writer' | 'settings' | 'log' | 'memory' | 'fuzzy'> & {
    log?: Logger;
    settings?: Partial<MtRunSettings>;
  },
): MtRuntime {
  const memory = createTranslationMemoryRepository(deps.db);
  return {
    ...deps,
    log: deps.log ?? silentLogger,
    writer: createTranslationWriter({ db: deps.db, emitter: deps.emitter, clock: deps.clock }),
    settings: { ...DEFAULT_MT_RUN_SETTINGS, ...deps.settings },
    memory,
    fuzzy: createOrganisationFuzzyIndexes(memory, {
      refreshMs: MT_FUZZY_REFRESH_MS,
      maxIndexes: MT_FUZZY_MAX_INDEXES,
    }),
  };
}
