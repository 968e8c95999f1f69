import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createDb, type DbHandle } from '@bhasha/db';
import type { AppConfig } from './config/load-config';
import type { JobDefinition } from './jobs/define-job';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { jobDefinitions } from './jobs/registry';
import { systemClock, type Clock } from './lib/clock';
import { createLogger } from './lib/logger';
import type { Mailer } from './lib/mailer/mailer';
import type { SmsProvider } from './lib/sms/sms-provider';
import { silentEmitter, type RealtimeEmitter } from './realtime/realtime-emitter';
import {
  bindCrawlRuntime,
  closeCrawlRuntime,
  createCrawlRuntime,
  type CrawlSettings,
} from './modules/crawl/crawl-runtime';
import { scheduleContentTracking } from './modules/crawl/tracker.job';
import { scheduleDomainOwnershipRecheck } from './modules/proxy/domain-ownership.job';
import { bindMtRuntime, createMtRuntime } from './modules/machine-translation/mt-runtime';
import { bindWebhookRuntime, createWebhookRuntime } from './modules/webhooks/webhook-runtime';
import { createMtEngineRegistryFromEnv } from './modules/machine-translation/mt-engine-registry';
import {
  bindTmxImportRuntime,
  createTmxImportRuntime,
} from './modules/translation-memory/tmx-import-runtime';
import type { Services } from './services';

export interface RunningServer {
  app: FastifyInstance | null;
  services: Services | null;
  handle: DbHandle;
  jobs: JobQueue;
  url: string | null;
  /** Set when the first super admin was created now with a generated password. */
  generatedAdmin: { email: string; password: string } | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  /** Jobs to run instead of the product's registry (tests of the queue itself). */
  jobs?: JobDefinition[];
  /** Open this database instead of the configured one (tests share one PGlite). */
  handle?: DbHandle;
  /** Send e-mail through this mailer instead of the configured one. */
  mailer?: Mailer;
  /** Send SMS through this provider instead of the configured one. */
  sms?: SmsProvider;
  /** Crawl tuning instead of the defaults (the crawl benchmark: no politeness delay, more pages). */
  crawlSettings?: Partial<CrawlSettings>;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@bhasha.local';

/**
 * Starts the roles the configuration asks for in this process: `web` (HTTP API and dashboard),
 * `realtime` (socket.io on the same port) and `worker` (job handlers). Migrations run first.
 * What only `web` and `realtime` use (Fastify and every route, the mailer, the socket gateway)
 * is imported when one of them is asked for: a worker-only process does not hold it in memory.
 */
export async function startServer(config: AppConfig, options: StartOptions = {}): Promise<RunningServer> {
  const { env } = config;
  const roles = new Set(env.ROLES);
  const clock = options.clock ?? systemClock;
  const handle =
    options.handle ??
    (await createDb({ databaseUrl: env.DATABASE_URL, pgliteDir: join(config.dataDir, 'pglite') }));
  await handle.migrate();

  // Without the realtime role, events still reach dashboards through PostgreSQL when other
  // processes hold the sockets; on PGlite there is only this process, so they are dropped.
  const relay =
    handle.pool && !roles.has('realtime')
      ? (await import('./realtime/postgres-relay')).createPostgresEmitter(handle.pool)
      : null;
  let emitter: RealtimeEmitter = relay ?? silentEmitter;
  const log = {
    info: (obj: object, msg: string) => console.info(msg, obj),
    error: (obj: object, msg: string) => console.error(msg, obj),
  };
  const deferredEmitter: RealtimeEmitter = {
    emitToRoom: (room, event, payload) => emitter.emitToRoom(room, event, payload),
    disconnectUser: (userId) => emitter.disconnectUser(userId),
    leaveRoom: (userId, room) => emitter.leaveRoom(userId, room),
  };
  const jobs = createJobQueue({ handle, emitter: deferredEmitter, log });
  // Crawl and project jobs run with this process's database, queue and socket emitter.
  bindCrawlRuntime(
    createCrawlRuntime({
      db: handle.db,
      jobs,
      emitter: deferredEmitter,
      clock,
      allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
      settings: options.crawlSettings,
    }),
  );
  // Machine translation jobs and the API share one set of engine adapters (and their pacing).
  const mtEngines = createMtEngineRegistryFromEnv(env);
  bindMtRuntime(
    createMtRuntime({
      db: handle.db,
      jobs,
      emitter: deferredEmitter,
      clock,
      engines: mtEngines,
      log: createLogger(env.LOG_LEVEL),
    }),
  );
  // TMX imports read the uploads web processes stored under the data directory.
  bindTmxImportRuntime(
    createTmxImportRuntime({
      db: handle.db,
      emitter: deferredEmitter,
      clock,
      dataDir: config.dataDir,
      log: createLogger(env.LOG_LEVEL),
    }),
  );
  // Webhook deliveries go through the same private-network guard as the crawler.
  bindWebhookRuntime(
    createWebhookRuntime({
      db: handle.db,
      jobs,
      clock,
      allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK_FETCH,
      log: createLogger(env.LOG_LEVEL),
    }),
  );
  await jobs.start(options.jobs ?? jobDefinitions, { work: roles.has('worker') });
  // Tracked URLs are fetched again on a schedule (needs the product's jobs, not a test's own list).
  if (roles.has('worker') && !options.jobs) {
    await scheduleContentTracking(jobs);
    await scheduleDomainOwnershipRecheck(jobs);
  }

  let app: FastifyInstance | null = null;
  let services: Services | null = null;
  let closeSockets: (() => Promise<void>) | null = null;
  let url: string | null = null;
  let generatedAdmin: RunningServer['generatedAdmin'] = null;
  let mailer: Mailer | null = null;

  if (roles.has('web') || roles.has('realtime')) {
    const [{ buildApp }, { createMailer }, { createSmsProvider }] = await Promise.all([
      import('./app'),
      import('./lib/mailer/mailer'),
      import('./lib/sms/sms-provider'),
    ]);
    const logger = createLogger(env.LOG_LEVEL);
    mailer = options.mailer ?? createMailer(config, logger);
    const sms = options.sms ?? createSmsProvider(config, logger);
    ({ app, services } = await buildApp({
      config,
      handle,
      clock,
      emitter: deferredEmitter,
      jobs,
      mailer,
      sms,
      log: logger,
      mtEngines,
    }));
    if (roles.has('realtime')) {
      const { createSocketGateway } = await import('./realtime/socket-gateway');
      const gateway = createSocketGateway(
        app.server,
        services.sessions,
        env.CORS_ORIGINS,
        services.canSeeProject,
      );
      if (handle.pool) {
        const { attachPostgresAdapter } = await import('./realtime/postgres-relay');
        attachPostgresAdapter(gateway.io, handle.pool);
      }
      emitter = gateway.emitter;
      closeSockets = () => gateway.close();
    }
    const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
    const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
    const created = await services.users.ensureFirstSuperAdmin(email, password);
    if (created && !env.ADMIN_PASSWORD) generatedAdmin = { email, password };
    await app.listen({ port: env.PORT, host: env.HOST });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : env.PORT;
    url = `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`;
  }

  return {
    app,
    services,
    handle,
    jobs,
    url,
    generatedAdmin,
    async stop() {
      if (closeSockets) await closeSockets();
      if (relay) await relay.close();
      if (app) await app.close();
      if (mailer && !options.mailer) await mailer.close();
      await jobs.stop();
      // The crawl's reader threads, once no job can hand them a page (they also stop when idle).
      await closeCrawlRuntime();
      if (!options.handle) await handle.close();
    },
  };
}
