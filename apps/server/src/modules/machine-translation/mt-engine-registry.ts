import { createMtProvider, type MtLanguagePair, type MtProvider } from '@bhasha/mt';
import type { Env } from '../../config/env';
import { parseMtEngines, type MtEngineConfig } from './mt-engines-config';
import { createRequestPacer, unpaced, type RequestPacer } from './request-pacer';

/** An engine of the deployment, built once per process: the adapter holds the credentials. */
export interface MtEngine {
  id: string;
  label: string;
  service: MtEngineConfig['service'];
  provider: MtProvider;
  pacer: RequestPacer;
}

/** What the engine list shows: never an address or a credential. */
export interface MtEngineSummary {
  id: string;
  label: string;
  service: string;
  isDefault: boolean;
  languagePairs: MtLanguagePair[];
  available: boolean;
}

const PAIRS_TIMEOUT_MS = 5_000;

/** The deployment's engines (MT_ENGINES and APERTIUM_URL), each adapter built once. */
export function createMtEngineRegistry(configs: readonly MtEngineConfig[], defaultId?: string) {
  const engines = new Map<string, MtEngine>();
  for (const config of configs) {
    const { id, label, requestsPerMinute, ...adapter } = config;
    const provider = createMtProvider(adapter);
    engines.set(id, {
      id,
      label: label ?? provider.label,
      service: config.service,
      provider,
      pacer: requestsPerMinute ? createRequestPacer(requestsPerMinute) : unpaced,
    });
  }
  const fallbackId = defaultId ?? configs[0]?.id ?? null;

  return {
    /** The engine used when neither the call nor the project names one; null when none is configured. */
    defaultId: fallbackId,

    get(id: string): MtEngine | undefined {
      return engines.get(id);
    },

    ids(): string[] {
      return [...engines.keys()];
    },

    /** The directions one engine serves, or null when it cannot be asked now (down, timed out). */
    async pairsOf(id: string): Promise<MtLanguagePair[] | null> {
      const engine = engines.get(id);
      if (!engine) return null;
      try {
        return await engine.provider.supportedPairs(AbortSignal.timeout(PAIRS_TIMEOUT_MS));
      } catch {
        return null;
      }
    },

    /** Every engine with the directions it serves (asked once per engine, then cached by the adapter). */
    async summaries(): Promise<MtEngineSummary[]> {
      return Promise.all(
        [...engines.values()].map(async (engine) => {
          try {
            const pairs = await engine.provider.supportedPairs(AbortSignal.timeout(PAIRS_TIMEOUT_MS));
            return summary(engine, pairs, true);
          } catch {
            return summary(engine, [], false);
          }
        }),
      );
    },
  };

  function summary(engine: MtEngine, languagePairs: MtLanguagePair[], available: boolean): MtEngineSummary {
    return {
      id: engine.id,
      label: engine.label,
      service: engine.service,
      isDefault: engine.id === fallbackId,
      languagePairs,
      available,
    };
  }
}

export type MtEngineRegistry = ReturnType<typeof createMtEngineRegistry>;

/** The registry the configuration describes (env.ts has already refused a bad MT_ENGINES). */
export function createMtEngineRegistryFromEnv(env: Env): MtEngineRegistry {
  const parsed = parseMtEngines(env.MT_ENGINES, env.APERTIUM_URL);
  if (!parsed.ok) throw new Error(`MT_ENGINES: ${parsed.problems.join('; ')}`);
  return createMtEngineRegistry(parsed.engines, env.MT_DEFAULT_ENGINE);
}
