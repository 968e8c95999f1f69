import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CRAWL_EVENTS, NMT_EVENTS, SERVER_EVENTS, projectRoomOf } from '@bhasha/contract';
import { mtRuns, pages, segments, translationRevisions, translations } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { apertiumMissingReason, startApertium } from '@bhasha/mt/testing';
import { hashPassword } from '../src/lib/password';
import { socketClients } from './support/socket-clients';
import { createSegmentsRepository } from '../src/modules/crawl/segments.repository';
import { createOrganisationsRepository } from '../src/modules/organisations/organisations.repository';
import { createUsersRepository } from '../src/modules/users/users.repository';
import { startStaticSite, type StaticSite } from './crawl/support/static-site';
import { createTestDb } from './support/test-db';

/*
 * README "On PostgreSQL, with several worker processes", proved with real processes of the server:
 * two web processes (ROLES=web,realtime) and two workers (ROLES=worker) on one PostgreSQL. A crawl
 * and a machine translation run are started through web process 1; worker 1 is killed with SIGKILL
 * while it runs a crawl batch; worker 2 takes the batch over (the heartbeat, ADR 0034) and finishes
 * everything within a minute, with every page stored once and every segment translated once. A
 * socket client on web process 2 sees the progress of every job, and a translation edited through
 * web process 2 is served by the proxy of web process 1 at once.
 */

const SERVER_MAIN = join(import.meta.dirname, '..', 'src', 'main.ts');
const HANDBOOK = join(import.meta.dirname, 'fixtures', 'websites', 'jitsi-handbook');
const JWT_SECRET = 'scale-out-secret-scale-out-secret-0123456789';
const PASSWORD = 'correct horse battery';
/** Pages of the crawled site besides its home page, each answered slowly (the crawl takes ~15 s alone). */
const SITE_PAGES = 45;
const PAGE_DELAY_MS = 400;

const missingApertium = apertiumMissingReason();
const children = new Set<ChildProcess>();

interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:port` of a web process. */
  url: string | null;
}

/** Starts `src/main.ts` as its own process; answers once it says it is running. */
function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  // tsx as a loader, not its CLI: the CLI forks a second process, which a kill -9 would miss.
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${stdout} ${stderr}`)), 120_000);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes('Bhasha is running')) return;
      const open = /Open (http:\/\/\S+)/.exec(stdout);
      if (env.ROLES!.includes('web') && !open) return;
      clearTimeout(timer);
      resolve({ child, url: open?.[1] ?? null });
    });
  });
}

async function post<T>(base: string, path: string, payload: object, token?: string): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token, timezone: new Date().toISOString() } : {}),
    },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { success: boolean; data: T };
  if (!response.ok || !body.success) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** A visitor's GET on a web process with the given Host (fetch may not set Host). */
function visit(base: string, host: string, path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms: number,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A site of SITE_PAGES pages linked from its home page, each with its own sentences, each slow. */
function slowSite(): Promise<StaticSite> {
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><title>${title}</title></head><body>${body}</body></html>`;
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {};
  const answer = (html: string) => (_req: IncomingMessage, res: ServerResponse) => {
    setTimeout(() => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(html);
    }, PAGE_DELAY_MS);
  };
  const links = Array.from(
    { length: SITE_PAGES },
    (_, i) => `<li><a href="/page-${i + 1}">Page ${i + 1}</a></li>`,
  );
  routes['/'] = answer(page('Village library', `<h1>Village library</h1><ul>${links.join('')}</ul>`));
  for (let i = 1; i <= SITE_PAGES; i += 1) {
    routes[`/page-${i}`] = answer(
      page(
        `Reading room ${i}`,
        `<h1>Reading room ${i}</h1><p>The library opens room ${i} every morning.</p>` +
          `<p>Children borrow ${i} books a week from this room.</p><p><a href="/">Home</a></p>`,
      ),
    );
  }
  return startStaticSite({
    root: mkdtempSync(join(tmpdir(), 'bhasha-empty-site-')),
    robotsTxt: 'User-agent: *\nAllow: /\n',
    routes,
  });
}

describe.runIf(process.env.TEST_DATABASE_URL && missingApertium === null)(
  'scale-out: two web processes and two workers on one PostgreSQL',
  () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      // Bounded: whatever still runs is stopped, even after a failure.
      for (const child of children) child.kill('SIGKILL');
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    it("a killed worker's crawl batch is finished by the other worker within a minute, nothing lost or doubled; sockets and proxy follow across processes", async () => {
      const handle = await createTestDb();
      cleanups.push(() => handle.close());
      const apertium = await startApertium();
      cleanups.push(() => apertium.stop());
      const site = await slowSite();
      cleanups.push(() => site.close());
      const handbook = await startStaticSite({ root: HANDBOOK });
      cleanups.push(() => handbook.close());

      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: handle.url!,
        JWT_SECRET,
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        PORT: '0',
        ALLOW_PRIVATE_NETWORK_FETCH: 'true',
        APERTIUM_URL: apertium.baseUrl,
        RENDER_BASE_URL: 'http://render.bhasha.test',
        // Pages stay cached until a change is announced: only the instant purge can show an edit.
        PROXY_REVALIDATE_MS: '600000',
        RATE_LIMIT_PER_MINUTE: '100000',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        ADMIN_EMAIL: 'root@scale-out.example.in',
        ADMIN_PASSWORD: PASSWORD,
        NODE_OPTIONS: '',
      };
      const startRole = (roles: string) =>
        startServerProcess({ ...env, ROLES: roles, DATA_DIR: mkdtempSync(join(tmpdir(), 'bhasha-scale-')) });
      const [web1, web2, ...workers] = await Promise.all([
        startRole('web,realtime'),
        startRole('web,realtime'),
        startRole('worker'),
        startRole('worker'),
      ]);

      // An organisation admin, signed in through web process 1; the token works on web process 2.
      const organisation = await createOrganisationsRepository(handle.db).insert({
        name: 'Scale Org',
        plan: 'paid',
      });
      await createUsersRepository(handle.db).insert({
        name: 'Scale Admin',
        email: 'admin@scale-out.example.in',
        passwordHash: await hashPassword(PASSWORD),
        role: 'organisationAdmin',
        organisationId: organisation.id,
        status: 'active',
        emailVerified: true,
        nmtEnabled: true,
      });
      const { token } = await post<{ token: string }>(web1.url!, '/auth', {
        email: 'admin@scale-out.example.in',
        password: PASSWORD,
      });

      const created = (baseUrl: string, targetLanguages: string[]) =>
        post<{ project: { id: string } }>(
          web1.url!,
          '/project/new',
          { baseUrl, targetLanguages },
          token,
        ).then((data) => data.project.id);
      const crawlProjectId = await created(`${site.origin}/`, ['hi']);
      // The MT project holds the handbook's home page as a crawl would have stored it.
      const mtProjectId = await created(`${handbook.origin}/handbook/`, ['es']);
      const [page] = await handle.db
        .insert(pages)
        .values({
          organisationId: organisation.id,
          projectId: mtProjectId,
          url: `${handbook.origin}/handbook/`,
          normalisedUrl: `${handbook.origin}/handbook/`,
          hostname: '127.0.0.1',
          status: 'fetched',
          httpStatus: 200,
        })
        .returning({ id: pages.id });
      await createSegmentsRepository(handle.db).replacePageSegments(
        { organisationId: organisation.id, projectId: mtProjectId, pageId: page!.id },
        extractSegments(readFileSync(join(HANDBOOK, 'handbook', 'index.html'), 'utf8')),
        new Date(),
      );

      // A dashboard on web process 2, in both projects' rooms.
      const clients = socketClients(web2.url!);
      cleanups.push(() => {
        clients.closeAll();
        return Promise.resolve();
      });
      const socket = await clients.signedIn(token);
      for (const projectId of [crawlProjectId, mtProjectId]) {
        expect((await clients.join(socket, projectRoomOf(projectId))).success).toBe(true);
      }
      const jobEvents: Array<{ jobId: string; name: string; state: string; at: number }> = [];
      const crawlEvents: Array<{ status: string; projectId: string }> = [];
      const runEvents: Array<{ status: string; translated: number }> = [];
      socket.on(SERVER_EVENTS.jobProgressed, (event: { jobId: string; name: string; state: string }) =>
        jobEvents.push({ ...event, at: Date.now() }),
      );
      socket.on(CRAWL_EVENTS.crawlProgressed, (event: { status: string; projectId: string }) =>
        crawlEvents.push(event),
      );
      socket.on(NMT_EVENTS.runUpdated, (event: { status: string; translated: number }) =>
        runEvents.push(event),
      );

      // Both started through web process 1.
      await post(web1.url!, '/project/crawl', { projectId: crawlProjectId }, token);
      await post(
        web1.url!,
        '/translation/nmt/apply',
        { projectId: mtProjectId, targetLang: 'es', requestId: 'scale-out', origin: 'all' },
        token,
      );

      const doneCount = async () => {
        const { rows } = await handle.executeSql(
          `SELECT count(*)::int AS n FROM pages WHERE project_id = $1 AND crawl_state = 'done'`,
          [crawlProjectId],
        );
        return Number(rows[0]!.n);
      };
      /** The crawl batch running now and the process that runs it, by the claims the heartbeat keeps. */
      const runningBatch = async () => {
        const { rows } = await handle.executeSql(
          `SELECT c.job_id::text AS id, w.pid FROM job_claims c
           JOIN job_workers w ON w.id = c.worker_id
           JOIN pgboss.job j ON j.id = c.job_id AND j.name = c.job_name
           WHERE c.job_name = 'crawl.fetch-batch' AND j.state = 'active' AND j.started_on <= c.claimed_at`,
        );
        return rows[0] ? { jobId: String(rows[0].id), pid: Number(rows[0].pid) } : null;
      };

      // Mid-crawl (a third of the pages stored), both workers up: kill the one running the batch.
      const { jobId: lostJobId, pid } = await waitUntil(
        'a crawl batch mid-way',
        async () => {
          const { rows } = await handle.executeSql(`SELECT pid FROM job_workers`);
          if (rows.length < 2 || (await doneCount()) < SITE_PAGES / 3) return null;
          const batch = await runningBatch();
          // Once its progress has reached the socket: the run is under way.
          const reported = jobEvents.some((e) => e.jobId === batch?.jobId && e.state === 'active');
          return reported ? batch : null;
        },
        60_000,
      );
      const worker1 = workers.find((worker) => worker.child.pid === pid)!;
      const before = await doneCount();
      expect(before).toBeLessThan(SITE_PAGES + 1);
      worker1.child.kill('SIGKILL');
      await new Promise((resolve) => worker1.child.once('exit', resolve));
      const killedAt = Date.now();
      const fetchedBeforeKill = new Set(site.hits.keys());

      // Worker 2 takes the batch over and finishes the crawl and the run.
      await waitUntil(
        'the crawl to complete',
        async () =>
          (
            await handle.executeSql(`SELECT 1 FROM crawls WHERE project_id = $1 AND status = 'COMPLETED'`, [
              crawlProjectId,
            ])
          ).rows.length > 0,
        90_000,
      );
      const [run] = await waitUntil(
        'the MT run to complete',
        async () => {
          const rows = await handle.db.select().from(mtRuns).where(eq(mtRuns.projectId, mtProjectId));
          return rows[0]?.status === 'completed' ? rows : null;
        },
        30_000,
      );
      const lost = await handle.executeSql(
        `SELECT state, retry_count, completed_on FROM pgboss.job WHERE id = $1`,
        [lostJobId],
      );
      // The batch worker 1 held was run again and completed, long before its 15-minute expiry.
      expect(lost.rows[0]).toMatchObject({ state: 'completed' });
      expect(Number(lost.rows[0]!.retry_count)).toBeGreaterThanOrEqual(1);
      const takenOverIn = (lost.rows[0]!.completed_on as Date).getTime() - killedAt;
      expect(takenOverIn).toBeLessThan(60_000);

      // Every page stored once, fetched; only pages worker 1 had in hand fetched again, once.
      const stored = await handle.executeSql(
        `SELECT normalised_url, status, crawl_state FROM pages WHERE project_id = $1`,
        [crawlProjectId],
      );
      expect(stored.rows).toHaveLength(SITE_PAGES + 1);
      expect(new Set(stored.rows.map((r) => r.normalised_url)).size).toBe(SITE_PAGES + 1);
      expect(stored.rows.every((r) => r.status === 'fetched' && r.crawl_state === 'done')).toBe(true);
      const twice = [...site.hits].filter(([path, count]) => path !== '/robots.txt' && count > 1);
      expect(twice.every(([path, count]) => count === 2 && fetchedBeforeKill.has(path))).toBe(true);
      const dupSegments = await handle.executeSql(
        `SELECT source_hash FROM segments WHERE project_id = $1 GROUP BY source_hash HAVING count(*) > 1`,
        [crawlProjectId],
      );
      expect(dupSegments.rows).toEqual([]);
      // Two sentences a page, the home page's links and titles: all there.
      const crawled = await handle.db.select().from(segments).where(eq(segments.projectId, crawlProjectId));
      for (const i of [1, Math.ceil(SITE_PAGES / 2), SITE_PAGES]) {
        expect(crawled.map((s) => s.text)).toContain(`The library opens room ${i} every morning.`);
      }

      // Every segment of the MT project translated once, by Apertium, with one revision.
      const mtSegments = await handle.db.select().from(segments).where(eq(segments.projectId, mtProjectId));
      expect(run!.total).toBe(mtSegments.length);
      expect(run!.translated + run!.unchanged + run!.skipped).toBe(mtSegments.length);
      const machine = await handle.db
        .select()
        .from(translations)
        .where(and(eq(translations.projectId, mtProjectId), eq(translations.targetLang, 'es')));
      expect(machine).toHaveLength(run!.translated);
      expect(new Set(machine.map((row) => row.segmentId)).size).toBe(machine.length);
      const revisions = await handle.db
        .select()
        .from(translationRevisions)
        .where(eq(translationRevisions.projectId, mtProjectId));
      expect(revisions).toHaveLength(machine.length);

      // The socket on web process 2 saw every job finish, the killed run's progress from worker 1
      // included, and the last state of the crawl and of the run.
      await waitUntil(
        'the last events',
        () =>
          crawlEvents.some((e) => e.status === 'COMPLETED') &&
          runEvents.some((e) => e.status === 'completed'),
        10_000,
      );
      const finished = await handle.executeSql(
        `SELECT id::text AS id FROM pgboss.job
         WHERE name IN ('crawl.start', 'crawl.fetch-batch', 'nmt.apply') AND state = 'completed'`,
      );
      const completedEvents = new Set(jobEvents.filter((e) => e.state === 'completed').map((e) => e.jobId));
      expect(finished.rows.length).toBeGreaterThan(2);
      expect([...completedEvents].sort()).toEqual(finished.rows.map((r) => String(r.id)).sort());
      expect(
        jobEvents.some((e) => e.jobId === lostJobId && e.state === 'active' && e.at < killedAt),
        'progress of the killed run',
      ).toBe(true);
      expect(crawlEvents.at(-1)).toMatchObject({ status: 'COMPLETED', projectId: crawlProjectId });
      expect(runEvents.at(-1)).toMatchObject({ status: 'completed', translated: run!.translated });

      // The proxy on web process 1 serves the MT project in Spanish (a preview needs no domain).
      const { previewUrl } = await post<{ previewUrl: string }>(
        web1.url!,
        '/scope/getPreviewUrl',
        { projectId: mtProjectId, targetLang: 'es', url: '/handbook/' },
        token,
      );
      const preview = new URL(previewUrl);
      const edited = machine.find((row) => row.text.length > 10)!;
      const [segment] = mtSegments.filter((s) => s.id === edited.segmentId);
      const first = await visit(web1.url!, preview.host, preview.pathname);
      expect(first.status).toBe(200);
      expect(first.body).toContain(edited.text);
      // Edited through web process 2; web process 1 serves the edit on the very next visit.
      await post(
        web2.url!,
        '/translation/user/update',
        {
          projectId: mtProjectId,
          targetLang: 'es',
          sourceHash: segment!.sourceHash,
          preProcessedTarget: 'Texto revisado en el segundo proceso web',
        },
        token,
      );
      // The purge travels as a NOTIFY beside this request: allow it a moment, far below any re-check.
      await waitUntil(
        'the edit on web process 1',
        async () =>
          (await visit(web1.url!, preview.host, preview.pathname)).body.includes(
            'Texto revisado en el segundo proceso web',
          ),
        1_000,
      );
    }, 300_000);
  },
);
