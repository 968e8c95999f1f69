import { z } from 'zod';
import { MT_SERVICE_IDS, type MtConfig } from '@bhasha/mt';

/**
 * One engine of the deployment (MT_ENGINES): the adapter's own settings (`MtConfig`, credentials
 * included) plus how Bhasha names and paces it. `id` is the spec's `nmtService` value.
 */
export type MtEngineConfig = MtConfig & {
  id: string;
  /** Shown in the engine list and in messages (default: the adapter's label). */
  label?: string;
  /** Vendor requests per minute across every run of this process (default: no limit). */
  requestsPerMinute?: number;
};

/** Fields each adapter cannot work without; the rest are optional (packages/mt documents them). */
const REQUIRED_FIELDS: Readonly<Record<MtConfig['service'], readonly string[]>> = {
  apertium: ['baseUrl'],
  libretranslate: ['baseUrl'],
  google: ['projectId', 'accessToken'],
  azure: ['key'],
  deepl: ['authKey'],
  aws: ['region', 'accessKeyId', 'secretAccessKey'],
  bhashini: [],
  openai: ['baseUrl', 'model'],
  http: ['url', 'body', 'responsePath'],
};

const URL_FIELDS = ['baseUrl', 'url', 'endpoint', 'configUrl', 'inferenceUrl'] as const;

const engineShape = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, { message: 'id must be 1-40 lower-case letters, digits, - or _' }),
    service: z.enum(MT_SERVICE_IDS, { message: `service must be one of ${MT_SERVICE_IDS.join(', ')}` }),
    label: z.string().trim().min(1).max(60).optional(),
    requestsPerMinute: z.number().int().positive().optional(),
  })
  .loose();

const enginesShape = z.array(engineShape).max(50);

/**
 * Parses MT_ENGINES (a JSON array of engine settings) and adds an Apertium engine for
 * APERTIUM_URL when no engine has the id `apertium`. Answers every problem with its position.
 */
export function parseMtEngines(
  json: string | undefined,
  apertiumUrl: string | undefined,
): { ok: true; engines: MtEngineConfig[] } | { ok: false; problems: string[] } {
  let raw: unknown = [];
  if (json && json.trim() !== '') {
    try {
      raw = JSON.parse(json);
    } catch (error) {
      return { ok: false, problems: [`not valid JSON (${(error as Error).message})`] };
    }
  }
  const parsed = enginesShape.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (issue) => `${issue.path.map((p) => `[${String(p)}]`).join('') || 'the value'}: ${issue.message}`,
      ),
    };
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  parsed.data.forEach((engine, index) => {
    const where = `[${index}] (${engine.id})`;
    if (seen.has(engine.id)) problems.push(`${where}: the id is used twice`);
    seen.add(engine.id);
    for (const field of REQUIRED_FIELDS[engine.service]) {
      const value = (engine as Record<string, unknown>)[field];
      if (value === undefined || value === null || value === '')
        problems.push(`${where}: ${engine.service} needs "${field}"`);
    }
    for (const field of URL_FIELDS) {
      const value = (engine as Record<string, unknown>)[field];
      // The generic engine's url may hold {{sourceLang}} placeholders; check it without them.
      if (typeof value === 'string' && !URL.canParse(value.replace(/\{\{\w+\}\}/g, 'x')))
        problems.push(`${where}: "${field}" must be a URL`);
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  const engines = parsed.data as unknown as MtEngineConfig[];
  if (apertiumUrl && !seen.has('apertium')) {
    engines.push({ id: 'apertium', service: 'apertium', baseUrl: apertiumUrl });
  }
  return { ok: true, engines };
}
