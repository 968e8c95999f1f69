import { spawn } from 'node:child_process';
import { FuzzyIndex } from '@bhasha/engine';
import { createMtProvider } from '@bhasha/mt';
import {
  pretranslate,
  providerEngine,
  type PretranslateMemory,
} from '../../apps/server/src/modules/machine-translation/pretranslate-pipeline';
import {
  FUZZY_CANDIDATES,
  createRunMemory,
  type RunMemorySegment,
} from '../../apps/server/src/modules/machine-translation/run-memory';
import type { MemoryTranslation } from '../../apps/server/src/modules/translation-memory/translation-memory.repository';
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
/** The fuzzy threshold (percent), as a project's mtFuzzyThreshold. */
const THRESHOLD = 75;

/**
 * A loopback engine speaking DeepL's v2 API that answers up to 50 segments per request after
 * 100 ms and refuses (429) a 9th request in flight or a batch over 50, counting what it saw
 * (GET /stats). It runs in a child process, as a real engine runs elsewhere: its request handling
 * is not Bhasha's cost and must not take turns with the lookups on the bench's thread.
 */
const ENGINE_SOURCE = `
const { createServer } = require('node:http');
const stats = { requests: 0, segments: 0, refused: 0, maxInFlight: 0 };
let inFlight = 0;
const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(stats));
    return;
  }
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const texts = body.text || [];
    if (inFlight >= ${IN_FLIGHT} || texts.length > ${BATCH}) {
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
      res.end(JSON.stringify({ translations: texts.map((text) => ({ text: '[mt] ' + text })) }));
    }, ${LATENCY_MS});
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(server.address().port + '\\n'));
`;

async function startLoopbackEngine() {
  const child = spawn(process.execPath, ['-e', ENGINE_SOURCE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the loopback engine exited with ${code}`)));
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    stats: async () =>
      (await (await fetch(`${baseUrl}/stats`)).json()) as {
        requests: number;
        segments: number;
        refused: number;
        maxInFlight: number;
      },
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
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
  // Distinct texts, as a project's segments are (one per source hash).
  const chosen = new Set<string>(heldOut);
  const distinct = (size: number, make: () => string) => {
    const out: string[] = [];
    while (out.length < size) {
      const text = make();
      if (chosen.has(text)) continue;
      chosen.add(text);
      out.push(text);
    }
    return out;
  };
  const queries = [
    ...distinct(exactCount, pick),
    ...distinct(fuzzyCount, () => editWords(pick(), next, vocabulary)),
    ...heldOut,
  ].map((text, i) => ({ id: `s${i}`, text }));
  // Shuffled: a site's new segments come mixed, not sorted by how they will match.
  for (let i = queries.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [queries[i], queries[j]] = [queries[j]!, queries[i]!];
  }

  // The TM as the job's memory reads it (run-memory.ts): translations by source hash (here the
  // text itself; the job's repository answers it in one query per slice of a page) and the organisation's
  // fuzzy index (the job's OrganisationFuzzyIndexes over the same FuzzyIndex).
  const tmRow = (id: number): MemoryTranslation => ({
    sourceHash: tmTexts[id]!,
    sourceText: tmTexts[id]!,
    text: `[tm] ${tmTexts[id]!}`,
    type: 'USER',
    displayType: 'translation',
    projectId: 'tm',
    updatedAt: new Date(0),
  });
  let translationsOfCalls = 0;
  const repository = {
    translationsOf: (_o: string, _s: string, _t: string, hashes: readonly string[]) => {
      translationsOfCalls += 1;
      const rows: MemoryTranslation[] = [];
      for (const hash of hashes) {
        const id = exactIds.get(hash);
        if (id !== undefined) rows.push(tmRow(id));
      }
      return Promise.resolve(rows);
    },
  };
  const fuzzyAsked = new Map<string, number>();
  let lookupSeconds = 0;
  const queryIndex = (text: string) =>
    index
      .query(text, { threshold: THRESHOLD / 100, limit: FUZZY_CANDIDATES })
      .map((match) => ({ ...match, sourceHash: tmTexts[match.id - 1]! }));
  const fuzzyIndexes = {
    query: (_o: string, _s: string, text: string) => {
      fuzzyAsked.set(text, (fuzzyAsked.get(text) ?? 0) + 1);
      const lookupStart = performance.now();
      const found = queryIndex(text);
      lookupSeconds += (performance.now() - lookupStart) / 1000;
      return Promise.resolve(found);
    },
  };
  // The TM floor: every fuzzy lookup the pipeline makes, timed alone, before and after the
  // pipeline (the machine is shared and its load drifts; their mean counts).
  const needFuzzy = queries.filter((q) => !exactIds.has(q.text));
  for (const q of needFuzzy.slice(0, 50)) queryIndex(q.text); // warm-up
  let expectedMisses = 0;
  const timeLookups = () => {
    const tmStart = performance.now();
    expectedMisses = 0;
    for (const q of needFuzzy) if (queryIndex(q.text).length === 0) expectedMisses += 1;
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
    const runMemory = createRunMemory<RunMemorySegment>({
      repository,
      fuzzy: fuzzyIndexes,
      organisationId: 'bench',
      projectId: 'bench',
      sourceLang: 'en',
      targetLang: 'es',
      tp: 'untranslated',
      fuzzyThreshold: THRESHOLD,
    });
    // Each segment: one exact lookup, and one fuzzy lookup only when the exact one missed.
    const exactAsked = new Map<string, number>();
    const fuzzyTried = new Map<string, number>();
    let prepareSeconds = 0;
    const memory: PretranslateMemory<RunMemorySegment> = {
      async prepare(page) {
        const prepareStart = performance.now();
        await runMemory.prepare!(page);
        prepareSeconds += (performance.now() - prepareStart) / 1000;
      },
      exact(segment) {
        exactAsked.set(segment.id, (exactAsked.get(segment.id) ?? 0) + 1);
        return runMemory.exact(segment);
      },
      fuzzy(segment) {
        fuzzyTried.set(segment.id, (fuzzyTried.get(segment.id) ?? 0) + 1);
        return runMemory.fuzzy(segment);
      },
    };
    // Pages as the job reads its run items: chunk size × lanes.
    const pages: RunMemorySegment[][] = [];
    for (let at = 0; at < queries.length; at += BATCH * IN_FLIGHT)
      pages.push(queries.slice(at, at + BATCH * IN_FLIGHT).map((q) => ({ ...q, sourceHash: q.text })));
    // The pipeline asks for the next page once the lookups of the last one are done.
    let lookupsDone = 0;
    function* paged() {
      yield* pages;
      lookupsDone = performance.now();
    }
    let delivered = 0;
    const start = performance.now();
    const stats = await pretranslate(paged(), {
      memory,
      engine: providerEngine(provider, { sourceLang: 'en', targetLang: 'es' }),
      onResults: (results) => {
        delivered += results.length;
      },
    });
    const end = performance.now();
    const wall = (end - start) / 1000;
    const engineStats = await engine.stats();
    const tmAfter = timeLookups();
    const tmFloor = (tmBefore + tmAfter) / 2;
    const misses = stats.machine + stats.unchanged;
    const mtFloor = (Math.ceil(misses / BATCH) / IN_FLIGHT) * (LATENCY_MS / 1000);
    const floor = Math.max(mtFloor, tmFloor);
    const sum = (map: Map<string, number>) => [...map.values()].reduce((a, b) => a + b, 0);
    const maxAsks = Math.max(...exactAsked.values(), ...fuzzyTried.values(), ...fuzzyAsked.values());
    const distinctTextsAsked = new Set(queries.map((q) => q.text)).size;
    const exactCalls = sum(exactAsked);
    const fuzzyCalls = sum(fuzzyAsked);
    process.stdout.write(
      `mt pre-translation: ${queries.length} segments vs a ${tmSize}-segment TM (index built in ${buildSeconds.toFixed(1)} s): ` +
        `${stats.exact} exact, ${stats.fuzzy} fuzzy, ${misses} to MT (expected ${expectedMisses}); ` +
        `wall ${wall.toFixed(2)} s, MT floor ${mtFloor.toFixed(2)} s, TM floor ${tmFloor.toFixed(2)} s (${tmBefore.toFixed(2)} before, ${tmAfter.toFixed(2)} after, ${lookupSeconds.toFixed(2)} inside the pipeline) ` +
        `(${((tmFloor * 1000) / Math.max(1, needFuzzy.length)).toFixed(2)} ms per fuzzy lookup); ` +
        `${engineStats.requests} requests, ${engineStats.refused} refused, max ${engineStats.maxInFlight} in flight; ` +
        `${exactCalls} exact and ${fuzzyCalls} fuzzy lookups for ${distinctTextsAsked} distinct texts ` +
        `(${translationsOfCalls} translation reads for ${pages.length} pages); ${delivered} results\n`,
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
        `(${(wall - lookupSeconds).toFixed(2)} s not spent in fuzzy lookups); until the last lookup ` +
        `${((lookupsDone - start) / 1000).toFixed(2)} s (memory pages ${prepareSeconds.toFixed(2)} s of it, ` +
        `${(prepareSeconds - lookupSeconds).toFixed(2)} s outside the fuzzy index; the rest is the per-segment loop, ` +
        `engine requests and answers handled in between), then ${((end - lookupsDone) / 1000).toFixed(2)} s for the last chunks\n`,
    );
    report(
      'mt pre-translation requests vs ⌈misses/50⌉',
      engineStats.requests / Math.max(1, Math.ceil(misses / BATCH)),
      '= 1 (exactly)',
      engineStats.requests === Math.ceil(misses / BATCH) && engineStats.refused === 0,
      `${engineStats.requests} requests for ${misses} misses`,
    );
    // Each segment: one exact lookup, and one fuzzy lookup only when the exact one missed.
    const once =
      exactCalls === queries.length &&
      sum(fuzzyTried) === queries.length - stats.exact &&
      fuzzyCalls === queries.length - stats.exact &&
      maxAsks === 1;
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
