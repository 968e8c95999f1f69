import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Role } from '@bhasha/contract';
import type { DbHandle } from '@bhasha/db';
import { buildApp } from '../../src/app';
import { parseEnv } from '../../src/config/env';
import { resolveConfig, type AppConfig } from '../../src/config/load-config';
import type { Clock } from '../../src/lib/clock';
import { createLogger, silentLogger } from '../../src/lib/logger';
import { createMailer, type Mailer } from '../../src/lib/mailer/mailer';
import { hashPassword } from '../../src/lib/password';
import { createSmsProvider, type SmsProvider } from '../../src/lib/sms/sms-provider';
import { silentEmitter, type RealtimeEmitter } from '../../src/realtime/realtime-emitter';
import type { Services } from '../../src/services';
import { createUsersRepository } from '../../src/modules/users/users.repository';
import { createTestDb } from './test-db';
import type { TxtResolver } from '../../src/modules/proxy/dns-txt-resolver';

/** Configuration for tests: a temporary DATA_DIR, a fixed secret, no logs, generous limits. */
export function buildTestConfig(overrides: Record<string, string> = {}): AppConfig {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bhasha-test-')),
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    API_KEY_RATE_LIMIT_PER_MINUTE: '100000',
    OTP_SENDS_PER_DESTINATION_PER_HOUR: '1000',
    OTP_SENDS_PER_IP_PER_HOUR: '1000',
    ALLOW_PRIVATE_NETWORK_FETCH: 'true',
    PORT: '0',
    ...overrides,
  });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return resolveConfig(parsed.env);
}

/** A clock tests can move. */
export function createTestClock(
  start = new Date(),
): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (d) => {
      now = d.getTime();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  handle: DbHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/**
 * The real Fastify app on a fresh database, driven through `app.inject`. E-mail and SMS come
 * from the configuration like in production (SMTP_URL → SMTP, else the log-only mailer;
 * SMS_PROVIDER), unless a test passes its own.
 */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    mailer?: Mailer;
    sms?: SmsProvider;
    dnsResolver?: TxtResolver;
    /** Socket events and socket cuts of the services (default: dropped). */
    emitter?: RealtimeEmitter;
    /** Receives every log line of the app and its services, at env LOG_LEVEL (tests set one). */
    logDestination?: DestinationStream;
    /** A database prepared by the test (e.g. migrated from an older schema); closed with the app. */
    handle?: DbHandle;
  } = {},
): Promise<TestApp> {
  const config = buildTestConfig(options.env);
  const log = options.logDestination
    ? createLogger(config.env.LOG_LEVEL, options.logDestination)
    : silentLogger;
  const handle = options.handle ?? (await createTestDb());
  const mailer = options.mailer ?? createMailer(config, silentLogger);
  const { app, services } = await buildApp({
    config,
    handle,
    clock: options.clock ?? { now: () => new Date() },
    emitter: options.emitter ?? silentEmitter,
    jobs: null,
    mailer,
    sms: options.sms ?? createSmsProvider(config, log),
    log,
    logDestination: options.logDestination,
    ...(options.dnsResolver ? { dnsResolver: options.dnsResolver } : {}),
  });
  await app.ready();
  return {
    app,
    services,
    handle,
    config,
    async close() {
      await app.close();
      await mailer.close();
      await handle.close();
    },
  };
}

let sequence = 0;

/** Creates a user (with an organisation id when given) and a valid token for it. */
export async function createUserWithToken(
  testApp: TestApp,
  overrides: {
    role?: Role;
    organisationId?: string | null;
    email?: string;
    password?: string;
    status?: string;
    emailVerified?: boolean;
    apikey?: string | null;
  } = {},
) {
  sequence += 1;
  const repository = createUsersRepository(testApp.handle.db);
  const user = await repository.insert({
    name: `Test User ${sequence}`,
    email: overrides.email ?? `user${sequence}-${Date.now()}@example.in`,
    passwordHash: await hashPassword(overrides.password ?? 'correct horse battery'),
    role: overrides.role ?? 'organisationAdmin',
    organisationId: overrides.organisationId ?? null,
    status: overrides.status ?? 'active',
    emailVerified: overrides.emailVerified ?? true,
    apikey: overrides.apikey ?? null,
  });
  const token = await testApp.services.tokens.sign({
    userId: user.id,
    role: user.role as Role,
    version: user.tokenVersion,
  });
  return { user, token };
}

/** Headers of an authenticated dashboard request (spec §7). */
export function authHeaders(token: string, now = new Date()): Record<string, string> {
  return { authorization: token, timezone: now.toISOString() };
}
