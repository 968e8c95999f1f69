import { createServer, type Server } from 'node:http';
import { FuzzyIndex } from '@bhasha/engine';
import { createMtProvider } from '@bhasha/mt';
import {
  pretranslate,
  type PretranslateMemory,
} from '../../apps/server/src/modules/machine-translation/pretranslate-pipeline';
import { report } from './measure';
import { envInt } from './percentiles';
import {
  distinctTexts,
  editWords,
  pageSegments,
  parallelSentences,
  seededRandom,
  vocabularyOf,
} from './tm-corpus';

const BATCH = 50;
const IN_FLIGHT = 8;
const LATENCY_MS = 100;
const THRESHOLD = 0.75;

/**
 * A loopback engine speaking DeepL's v2 API that answers up to 50 segments per request after
 * 100 ms and refuses (429) a 9th request in flight or a batch over 50, counting what it saw.
 */
async function startLoopbackEngine() {
  const stats = { requests: 0, segments: 0, refused: 0, maxInFlight: 0 };
  let inFlight = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { text?: string[] };
      const texts = body.text ?? [];
      if (inFlight >= IN_FLIGHT || texts.length > BATCH) {
        stats.refused += 1;
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Too many requests' }));
        return;
      }
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      stats.requests += 1;
      stats.segments += texts.length;
      setTimeout(() => {
        inFlight -= 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ translations: texts.map((text) => ({ text: `[mt] ${text}` })) }));
      }, LATENCY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Pre-translation of N new segments against a TM of M segments (issue 7 "Benchmark"): about 30 %
 * exact, 30 % fuzzy, 40 % new, through the server's pretranslate pipeline (TM first, misses to
 * the engine in batches of 50, 8 in flight, lookups and requests overlapping). References, both
 * computed in this run: the MT floor ⌈misses/50⌉/8 × 0.1 s and the TM floor (the same fuzzy
 * lookups timed alone). Targets: wall ≤ 1.25× the larger floor, exactly ⌈misses/50⌉ requests, no
 * segment looked up twice. BENCH_PRETRANSLATE_TM and BENCH_PRETRANSLATE_SEGMENTS scale it.
 */
export async function benchMtPretranslate(): Promise<void> {
  const tmSize = envInt('BENCH_PRETRANSLATE_TM', 1_000_000);
  const count = envInt('BENCH_PRETRANSLATE_SEGMENTS', 10_000);
  const next = seededRandom(7);
  const pool = distinctTexts([...[...parallelSentences().values()].flat(), ...pageSegments()]);
  const newCount = Math.round(count * 0.4);
  const heldOut = pool.slice(-newCount); // never in the TM: the new segments
  const inTm = pool.slice(0, -newCount);
  const vocabulary = vocabularyOf(inTm);
  const tmTexts: string[] = new Array<string>(tmSize);
  for (let i = 0; i < tmSize; i += 1) {
    const base = inTm[i % inTm.length]!;
    tmTexts[i] = i < inTm.length ? base : editWords(base, next, vocabulary);
  }
  const exactIds = new Map<string, number>();
  tmTexts.forEach((text, i) => {
    if (!exactIds.has(text)) exactIds.set(text, i);
  });
  const buildStart = performance.now();
  const index = FuzzyIndex.build(tmTexts.map((text, i) => ({ id: i + 1, text })));
  const buildSeconds = (performance.now() - buildStart) / 1000;

  const exactCount = Math.round(count * 0.3);
  const fuzzyCount = count - exactCount - newCount;
  const pick = () => inTm[Math.floor(next() * inTm.length)]!;
  const queries = [
    ...Array.from({ length: exactCount }, () => pick()),
    ...Array.from({ length: fuzzyCount }, () => editWords(pick(), next, vocabulary)),
    ...heldOut,
  ].map((text, i) => ({ id: `s${i}`, text }));
  // Shuffled: a site's new segments come mixed, not sorted by how they will match.
  for (let i = queries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }

  const fuzzyOf = (text: string) => {
    const [best] = index.query(text, { threshold: THRESHOLD, limit: 1 });
    return best ? { translation: `[tm] ${tmTexts[best.id - 1]!}`, score: best.score } : undefined;
  };
  // The TM floor: every fuzzy lookup the pipeline makes, timed alone, before and after the
  // pipeline (the machine is shared and its load drifts; their mean counts).
  const needFuzzy = queries.filter((q) => !exactIds.has(q.text));
  for (const q of needFuzzy.slice(0, 50)) fuzzyOf(q.text); // warm-up
  let expectedMisses = 0;
  const timeLookups = () => {
    const tmStart = performance.now();
    expectedMisses = 0;
    for (const q of needFuzzy) if (!fuzzyOf(q.text)) expectedMisses += 1;
    return (performance.now() - tmStart) / 1000;
  };
  const tmBefore = timeLookups();

  const engine = await startLoopbackEngine();
  try {
    const provider = createMtProvider({
      service: 'deepl',
      authKey: 'bench-key',
      baseUrl: engine.baseUrl,
      maxConcurrency: IN_FLIGHT,
      retry: { maxRetries: 0 },
    });
    let lookupSeconds = 0;
    const exactAsked = new Map<string, number>();
    const fuzzyAsked = new Map<string, number>();
    const memory: PretranslateMemory = {
      exact(text) {
        exactAsked.set(text, (exactAsked.get(text) ?? 0) + 1);
        const id = exactIds.get(text);
        return id === undefined ? undefined : `[tm] ${tmTexts[id]!}`;
      },
      fuzzy(text) {
        fuzzyAsked.set(text, (fuzzyAsked.get(text) ?? 0) + 1);
        const lookupStart = performance.now();
        const match = fuzzyOf(text);
        lookupSeconds += (performance.now() - lookupStart) / 1000;
        return match;
      },
    };
    let delivered = 0;
    const start = performance.now();
    const stats = await pretranslate(queries, {
      memory,
      provider,
      sourceLang: 'en',
      targetLang: 'es',
      onResults: (results) => {
        delivered += results.length;
      },
    });
    const wall = (performance.now() - start) / 1000;
    const tmAfter = timeLookups();
    const tmFloor = (tmBefore + tmAfter) / 2;
    const misses = stats.machine + stats.unchanged;
    const mtFloor = (Math.ceil(misses / BATCH) / IN_FLIGHT) * (LATENCY_MS / 1000);
    const floor = Math.max(mtFloor, tmFloor);
    // Texts repeat among the exact picks: a lookup twice means more lookups than distinct texts per id.
    const lookedUpTwice = queries.length - new Set(queries.map((q) => q.id)).size;
    const maxAsks = Math.max(...exactAsked.values(), ...fuzzyAsked.values());
    const distinctTextsAsked = new Set(queries.map((q) => q.text)).size;
    const exactCalls = [...exactAsked.values()].reduce((a, b) => a + b, 0);
    const fuzzyCalls = [...fuzzyAsked.values()].reduce((a, b) => a + b, 0);
    process.stdout.write(
      `mt pre-translation: ${queries.length} segments vs a ${tmSize}-segment TM (index built in ${buildSeconds.toFixed(1)} s): ` +
        `${stats.exact} exact, ${stats.fuzzy} fuzzy, ${misses} to MT (expected ${expectedMisses}); ` +
        `wall ${wall.toFixed(2)} s, MT floor ${mtFloor.toFixed(2)} s, TM floor ${tmFloor.toFixed(2)} s (${tmBefore.toFixed(2)} before, ${tmAfter.toFixed(2)} after, ${lookupSeconds.toFixed(2)} inside the pipeline) ` +
        `(${((tmFloor * 1000) / Math.max(1, needFuzzy.length)).toFixed(2)} ms per fuzzy lookup); ` +
        `${engine.stats.requests} requests, ${engine.stats.refused} refused, max ${engine.stats.maxInFlight} in flight; ` +
        `${exactCalls} exact and ${fuzzyCalls} fuzzy lookups for ${distinctTextsAsked} distinct texts; ${delivered} results\n`,
    );
    report(
      'mt pre-translation wall vs larger floor',
      wall / floor,
      '≤ 1.25×',
      wall <= 1.25 * floor && delivered === queries.length,
      `${wall.toFixed(2)} s vs ${floor.toFixed(2)} s (${mtFloor >= tmFloor ? 'MT' : 'TM'} floor)`,
    );
    // Diagnostic on a loaded machine: the pipeline's time beyond the lookups it made itself.
    process.stdout.write(
      `  mt pre-translation: wall / its own lookup time ${(wall / Math.max(lookupSeconds, 1e-9)).toFixed(2)}× ` +
        `(${(wall - lookupSeconds).toFixed(2)} s not spent in fuzzy lookups)\n`,
    );
    report(
      'mt pre-translation requests vs ⌈misses/50⌉',
      engine.stats.requests / Math.max(1, Math.ceil(misses / BATCH)),
      '= 1 (exactly)',
      engine.stats.requests === Math.ceil(misses / BATCH) && engine.stats.refused === 0,
      `${engine.stats.requests} requests for ${misses} misses`,
    );
    // Each segment: one exact lookup, and one fuzzy lookup only when the exact one missed.
    const once =
      exactCalls === queries.length && fuzzyCalls === queries.length - stats.exact && lookedUpTwice === 0;
    report(
      'mt pre-translation lookups per segment',
      (exactCalls + fuzzyCalls) / (queries.length + queries.length - stats.exact),
      '= 1 (no segment looked up twice)',
      once,
      `${exactCalls} exact + ${fuzzyCalls} fuzzy lookups for ${queries.length} segments (${stats.exact} exact hits); most asks of one text ${maxAsks}`,
    );
  } finally {
    await engine.close();
  }
}
