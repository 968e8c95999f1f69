import { eq } from 'drizzle-orm';
import { createDb, organisations, pages, projects, segments, users, type DbHandle } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { startApertium } from '@bhasha/mt/testing';
import { createSegmentsRepository } from '../../apps/server/src/modules/crawl/segments.repository';
import { createMtEngineRegistry } from '../../apps/server/src/modules/machine-translation/mt-engine-registry';
import { runMtStep } from '../../apps/server/src/modules/machine-translation/mt-run-step';
import { createMtRunsRepository } from '../../apps/server/src/modules/machine-translation/mt-runs.repository';
import { createMtRuntime } from '../../apps/server/src/modules/machine-translation/mt-runtime';
import { silentEmitter } from '../../apps/server/src/realtime/realtime-emitter';
import { toWire } from '../../packages/mt/src/core/html-escape';
import { createFreshDatabase } from './crawl/fresh-database';
import { report } from './measure';
import { envInt } from './percentiles';
import { pageSegments } from './tm-corpus';

const SEGMENTS_PER_PAGE = 100;
/** Reference and Bhasha alternate over this many slices (see below). */
const ROUNDS = 6;
/** The adapter's own concurrency for APY (one segment per request, 4 in flight). */
const APY_CONCURRENCY = 4;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A project whose segments are `texts` stored the way the crawler stores them. */
async function projectWithSegments(handle: DbHandle, texts: readonly string[]) {
  const [organisation] = await handle.db
    .insert(organisations)
    .values({ name: 'MT bench', plan: 'paid' })
    .returning();
  const [user] = await handle.db
    .insert(users)
    .values({
      name: 'Bench',
      email: `mt-bench-${Date.now()}@example.in`,
      passwordHash: 'x',
      role: 'organisationAdmin',
      organisationId: organisation!.id,
      status: 'active',
    })
    .returning();
  const [project] = await handle.db
    .insert(projects)
    .values({
      organisationId: organisation!.id,
      name: 'MT bench',
      baseUrl: 'https://bench.example.org',
      sourceLanguage: 'en',
      targetLanguages: ['es'],
      status: 'parsed',
    })
    .returning();
  const repository = createSegmentsRepository(handle.db);
  for (let start = 0, page = 0; start < texts.length; start += SEGMENTS_PER_PAGE, page += 1) {
    const html = texts
      .slice(start, start + SEGMENTS_PER_PAGE)
      .map((text) => `<p>${escapeHtml(text)}</p>`)
      .join('\n');
    const url = `https://bench.example.org/page-${page}`;
    const [row] = await handle.db
      .insert(pages)
      .values({
        organisationId: organisation!.id,
        projectId: project!.id,
        url,
        normalisedUrl: url,
        hostname: 'bench.example.org',
      })
      .returning();
    await repository.replacePageSegments(
      { organisationId: organisation!.id, projectId: project!.id, pageId: row!.id },
      extractSegments(`<html><body>${html}</body></html>`),
      new Date(),
    );
  }
  return { organisation: organisation!, user: user!, project: project! };
}

/** The reference: the same texts sent straight to APY, as the adapter sends them, 4 in flight. */
async function straightToApy(baseUrl: string, texts: readonly string[]): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < texts.length) {
      const text = texts[next]!;
      next += 1;
      const form = new URLSearchParams({ langpair: 'eng|spa', q: toWire(text, 'html'), markUnknown: 'no' });
      const answer = await fetch(`${baseUrl}/translate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      if (!answer.ok) throw new Error(`APY answered ${answer.status}`);
      await answer.json();
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: APY_CONCURRENCY }, lane));
  return (performance.now() - start) / 1000;
}

/** Bhasha's MT apply (the nmt.apply job's steps) over every segment of the project. */
async function bhashaApply(
  handle: DbHandle,
  baseUrl: string,
  { user, project }: Pick<Awaited<ReturnType<typeof projectWithSegments>>, 'user' | 'project'>,
) {
  const engines = createMtEngineRegistry([{ id: 'apertium', service: 'apertium', baseUrl }]);
  const runtime = createMtRuntime({
    db: handle.db,
    jobs: { send: () => Promise.resolve(null) } as never,
    emitter: silentEmitter,
    clock: { now: () => new Date() },
    engines,
  });
  const { run } = await createMtRunsRepository(handle.db).create(
    {
      project,
      requestId: `bench-${project.id}`,
      userId: user.id,
      sourceLang: 'en',
      targetLang: 'es',
      options: { tp: 'untranslated', origin: 'all', engine: 'apertium' },
    },
    { kind: 'all' },
  );
  const signal = new AbortController().signal;
  const start = performance.now();
  while ((await runMtStep(runtime, run.id, signal, () => undefined)) !== 'finished');
  const seconds = (performance.now() - start) / 1000;
  const finished = await createMtRunsRepository(handle.db).findById(run.id);
  const stored = await handle.db
    .select({ text: segments.text })
    .from(segments)
    .where(eq(segments.projectId, project.id));
  return { seconds, run: finished!, texts: stored.map((s) => s.text) };
}

/**
 * MT apply over N real segments (issue 7 "Benchmark"): Bhasha's run (read, glossary masking,
 * placeholder restore, writer with revisions, run items, metering) against sending the same texts
 * straight to the same apertium-apy with the same concurrency. Target: overhead ≤ 15 %.
 * BENCH_MT_SEGMENTS scales it (default 10,000); BENCH_DATABASE_URL runs Bhasha on PostgreSQL.
 */
export async function benchMtApertium(): Promise<void> {
  const size = envInt('BENCH_MT_SEGMENTS', 10_000);
  const seen = new Set<string>();
  const texts: string[] = [];
  for (const text of pageSegments()) {
    const plain = text.replace(/<\/?x\d+\/?>/g, '').trim();
    if (!/\p{L}{3}/u.test(plain) || plain.length > 400 || seen.has(plain)) continue;
    seen.add(plain);
    texts.push(plain);
    if (texts.length === size) break;
  }
  const apy = await startApertium();
  const fresh = process.env.BENCH_DATABASE_URL
    ? await createFreshDatabase(process.env.BENCH_DATABASE_URL)
    : null;
  const handle = await createDb({ databaseUrl: fresh?.url, pgliteDir: 'memory' });
  try {
    await handle.migrate();
    await straightToApy(apy.baseUrl, texts.slice(0, 200)); // warm APY's pipelines
    // The machine is shared and its load drifts: the work is cut into ROUNDS projects, and each
    // round runs the reference and Bhasha back to back (alternating which goes first), so both
    // see the same load. The reference sends exactly the texts each project stored.
    let reference = 0;
    let ours = 0;
    let translated = 0;
    let unchanged = 0;
    let sent = 0;
    const perRound = Math.ceil(texts.length / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      const slice = texts.slice(round * perRound, (round + 1) * perRound);
      if (slice.length === 0) break;
      const { project, user } = await projectWithSegments(handle, slice);
      const stored = (
        await handle.db
          .select({ text: segments.text })
          .from(segments)
          .where(eq(segments.projectId, project.id))
      ).map((row) => row.text);
      const runReference = async () => (reference += await straightToApy(apy.baseUrl, stored));
      if (round % 2 === 0) await runReference();
      const bhasha = await bhashaApply(handle, apy.baseUrl, { project, user });
      if (round % 2 === 1) await runReference();
      if (bhasha.run.status !== 'completed') throw new Error(`the MT run ended ${bhasha.run.status}`);
      ours += bhasha.seconds;
      translated += bhasha.run.translated;
      unchanged += bhasha.run.unchanged;
      sent += stored.length;
    }
    const overhead = ours / reference - 1;
    process.stdout.write(
      `mt apply (Apertium eng→spa, ${handle.kind}): ${sent} segments in ${ROUNDS} rounds, ` +
        `Bhasha ${ours.toFixed(1)} s (${translated} translated, ${unchanged} unchanged), ` +
        `straight to APY ${reference.toFixed(1)} s\n`,
    );
    report(
      'mt apply vs straight to APY',
      ours / reference,
      '≤ 1.15× (overhead ≤ 15 %)',
      overhead <= 0.15,
      `overhead ${(overhead * 100).toFixed(1)} %`,
    );
  } finally {
    await handle.close();
    await fresh?.drop();
    await apy.stop();
  }
}
