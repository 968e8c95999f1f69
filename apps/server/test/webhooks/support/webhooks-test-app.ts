import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Role } from '@bhasha/contract';
import { buildApp } from '../../../src/app';
import { createJobQueue } from '../../../src/jobs/job-queue';
import { silentLogger } from '../../../src/lib/logger';
import { hashPassword } from '../../../src/lib/password';
import { createOrganisationsRepository } from '../../../src/modules/organisations/organisations.repository';
import { createUsersRepository } from '../../../src/modules/users/users.repository';
import { webhookDeliverJob } from '../../../src/modules/webhooks/webhook-delivery.job';
import { createWebhookRuntime } from '../../../src/modules/webhooks/webhook-runtime';
import { createJobDeps } from '../../../src/jobs/job-deps';
import { silentEmitter } from '../../../src/realtime/realtime-emitter';
import { authHeaders, buildTestConfig } from '../../support/test-app';
import { createTestDb } from '../../support/test-db';

/**
 * The app with a running job queue that delivers webhooks, on a fresh database. Retries wait
 * `firstRetrySeconds` × 2^n (1 s here) so a test sees them; ALLOW_PRIVATE_NETWORK_FETCH as given.
 */
export async function buildWebhooksTestApp(options: { allowPrivateNetwork: boolean }) {
  const config = buildTestConfig({ ALLOW_PRIVATE_NETWORK_FETCH: String(options.allowPrivateNetwork) });
  const handle = await createTestDb();
  const clock = { now: () => new Date() };
  const jobs = createJobQueue({
    handle,
    emitter: silentEmitter,
    log: silentLogger,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
  });
  const runtime = createWebhookRuntime({
    db: handle.db,
    jobs,
    clock,
    allowPrivateNetwork: options.allowPrivateNetwork,
    retry: { firstRetrySeconds: 1, maxAttempts: 3 },
    timeoutMs: 5_000,
  });
  await jobs.start([webhookDeliverJob], { work: true, deps: createJobDeps({ webhooks: runtime }) });
  const { app, services } = await buildApp({
    config,
    handle,
    clock,
    emitter: silentEmitter,
    jobs,
    log: silentLogger,
  });
  await app.ready();
  let sequence = 0;

  return {
    app,
    services,
    handle,
    async createOrganisation(name: string) {
      return createOrganisationsRepository(handle.db).insert({ name, plan: 'paid' });
    },
    async createMember(role: Role, organisationId: string | null) {
      sequence += 1;
      const user = await createUsersRepository(handle.db).insert({
        name: `Hook member ${sequence}`,
        email: `hook-member${sequence}-${Date.now()}@example.in`,
        passwordHash: await hashPassword('correct horse battery'),
        role,
        organisationId,
        status: 'active',
        emailVerified: true,
      });
      const token = await services.tokens.sign({ userId: user.id, role, version: user.tokenVersion });
      return { user, headers: authHeaders(token) };
    },
    async close() {
      await app.close();
      await jobs.stop();
      await runtime.sender.close();
      await handle.close();
    },
  };
}
export type WebhooksTestApp = Awaited<ReturnType<typeof buildWebhooksTestApp>>;

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  rawBody: string;
  at: number;
}

/** A webhook receiver on loopback: records each request and answers with the next scripted status. */
export async function startReceiver(statuses: number[] = []) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/bhasha`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
