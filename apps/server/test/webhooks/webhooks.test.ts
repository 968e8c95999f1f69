import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@bhasha/contract';
import { buildWebhooksTestApp, startReceiver, type WebhooksTestApp } from './support/webhooks-test-app';

type Headers = Record<string, string>;

/** What a receiver does with `Bhasha-Signature` (as Stripe's libraries do): recompute and compare. */
function verifySignature(header: string, rawBody: string, secret: string, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds)
    return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function client(t: WebhooksTestApp) {
  const post = (url: string, payload: object, headers: Headers) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  return {
    post,
    async create(headers: Headers, url: string, events: string[] = [WEBHOOK_EVENTS.crawlCompleted]) {
      const res = await post('/webhook/create', { url, events }, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { endpoint: WebhookEndpoint; secret: string } }>().data;
    },
    /** Polls the endpoint's deliveries until none is pending. */
    async settled(headers: Headers, endpointId: string, count = 1): Promise<WebhookDelivery[]> {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const res = await post('/webhook/deliveries', { endpointId }, headers);
        expect(res.statusCode, res.body).toBe(200);
        const { deliveries } = res.json<{ data: { deliveries: WebhookDelivery[] } }>().data;
        if (deliveries.length >= count && deliveries.every((d) => d.status !== 'pending')) return deliveries;
        if (Date.now() > deadline) throw new Error(`deliveries still pending: ${JSON.stringify(deliveries)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
  };
}

describe('outgoing webhooks on a deployment that allows loopback receivers', () => {
  let t: WebhooksTestApp;
  let api: ReturnType<typeof client>;
  let organisationA: string;
  let adminA: Headers;
  let adminB: Headers;
  let collaboratorA: Headers;

  beforeAll(async () => {
    t = await buildWebhooksTestApp({ allowPrivateNetwork: true });
    api = client(t);
    organisationA = (await t.createOrganisation('Hooks A')).id;
    const organisationB = (await t.createOrganisation('Hooks B')).id;
    adminA = (await t.createMember('organisationAdmin', organisationA)).headers;
    adminB = (await t.createMember('organisationAdmin', organisationB)).headers;
    collaboratorA = (await t.createMember('collaborator', organisationA)).headers;
  }, 60_000);
  afterAll(async () => t?.close());

  it('signs each delivery so a receiver can verify it, shows the secret once and stores the answer', async () => {
    const receiver = await startReceiver();
    const { endpoint, secret } = await api.create(adminA, receiver.url);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    const listed = await api.post('/webhook/list', {}, adminA);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().data.endpoints).toEqual([
      expect.objectContaining({ id: endpoint.id, url: receiver.url }),
    ]);

    const test = await api.post('/webhook/test', { endpointId: endpoint.id }, adminA);
    expect(test.statusCode, test.body).toBe(200);
    const [delivery] = await api.settled(adminA, endpoint.id);
    expect(delivery).toMatchObject({
      event: WEBHOOK_EVENTS.test,
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseBody: 'thanks',
    });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    const signature = String(request!.headers['bhasha-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(signature, request!.rawBody, secret)).toBe(true);
    // Another secret, or a body changed by one character, does not verify.
    expect(verifySignature(signature, request!.rawBody, `${secret}x`)).toBe(false);
    expect(verifySignature(signature, request!.rawBody.replace('test', 'tesT'), secret)).toBe(false);
    expect(request!.headers['bhasha-event']).toBe(WEBHOOK_EVENTS.test);
    expect(request!.headers['bhasha-delivery']).toBe(delivery!.id);
    expect(JSON.parse(request!.rawBody)).toMatchObject({
      id: delivery!.id,
      event: WEBHOOK_EVENTS.test,
      organisationId: organisationA,
      data: { endpointId: endpoint.id },
    });
    await receiver.close();
  }, 60_000);

  it('retries a delivery the receiver answers with 500, with growing waits, then records success', async () => {
    const receiver = await startReceiver([500, 500, 200]);
    const { endpoint } = await api.create(adminA, receiver.url, [WEBHOOK_EVENTS.machineTranslationCompleted]);
    const sent = await t.services.webhookEvents.emit(
      organisationA,
      WEBHOOK_EVENTS.machineTranslationCompleted,
      {
        run: { requestId: 'r1' },
      },
    );
    expect(sent).toBe(1);
    const [delivery] = await api.settled(adminA, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 200, error: null });
    expect(receiver.received).toHaveLength(3);
    // The same signed body and delivery id each time; the second wait twice the first (1 s, 2 s).
    expect(new Set(receiver.received.map((r) => r.rawBody)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers['bhasha-delivery'])).size).toBe(1);
    const [first, second, third] = receiver.received.map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);
    await receiver.close();
  }, 60_000);

  it('gives up after the last attempt and keeps the answer; sends events only to their subscribers', async () => {
    const receiver = await startReceiver([503, 503, 503]);
    const { endpoint } = await api.create(adminA, receiver.url, [
      WEBHOOK_EVENTS.humanTranslationStatusChanged,
    ]);
    const paused = await api.create(adminA, receiver.url, [WEBHOOK_EVENTS.humanTranslationStatusChanged]);
    await api.post('/webhook/update', { endpointId: paused.endpoint.id, isActive: false }, adminA);
    // Only the active endpoint that chose this event receives it (the earlier ones chose others).
    expect(
      await t.services.webhookEvents.emit(organisationA, WEBHOOK_EVENTS.humanTranslationStatusChanged, {
        status: 'completedManualTranslation',
      }),
    ).toBe(1);
    const [delivery] = await api.settled(adminA, endpoint.id);
    expect(delivery).toMatchObject({
      status: 'failed',
      attempts: 3,
      responseStatus: 503,
      responseBody: 'receiver is down',
      error: 'The endpoint answered 503',
    });
    expect(receiver.received).toHaveLength(3);
    await receiver.close();
  }, 60_000);

  it('announces a human translation order the desk approves, from the route that changed it', async () => {
    const receiver = await startReceiver();
    const { endpoint, secret } = await api.create(adminA, receiver.url, [
      WEBHOOK_EVENTS.humanTranslationStatusChanged,
    ]);
    const { rows: projectRows } = await t.handle.executeSql(
      `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${organisationA}', 'Hooked site', 'https://hooked.example.in') RETURNING id`,
    );
    const projectId = projectRows[0]?.id as string;
    const { rows } = await t.handle.executeSql(
      `INSERT INTO manual_translation_requests (organisation_id, project_id, project_name, target_languages, segment_count, word_count) VALUES ('${organisationA}', '${projectId}', 'Hooked site', '{hi}', 1, 1) RETURNING id, status`,
    );
    const requestId = rows[0]?.id as string;
    const desk = (await t.createMember('deliveryManager', null)).headers;
    const approved = await api.post('/prabandhak/approve', { requestId }, desk);
    expect(approved.statusCode, approved.body).toBe(200);

    const [delivery] = await api.settled(adminA, endpoint.id);
    expect(delivery).toMatchObject({
      event: WEBHOOK_EVENTS.humanTranslationStatusChanged,
      status: 'succeeded',
    });
    const [request] = receiver.received;
    expect(verifySignature(String(request!.headers['bhasha-signature']), request!.rawBody, secret)).toBe(
      true,
    );
    expect(JSON.parse(request!.rawBody)).toMatchObject({
      event: WEBHOOK_EVENTS.humanTranslationStatusChanged,
      organisationId: organisationA,
      data: {
        requestId,
        projectId,
        targetLanguages: ['hi'],
        previousStatus: rows[0]?.status,
        status: approved.json().data.request.status,
      },
    });
    await receiver.close();
  }, 60_000);

  it("keeps each organisation's endpoints to itself and to its admins", async () => {
    const { endpoint } = await api.create(adminA, 'https://hooks.example.org/bhasha');
    const listedByB = await api.post('/webhook/list', {}, adminB);
    expect(listedByB.json().data.endpoints).toEqual([]);
    for (const url of ['/webhook/deliveries', '/webhook/test', '/webhook/update', '/webhook/delete']) {
      const res = await api.post(url, { endpointId: endpoint.id }, adminB);
      expect(res.statusCode, url).toBe(404);
    }
    const foreignList = await api.post('/webhook/list', { organisationId: organisationA }, adminB);
    expect(foreignList.statusCode).toBe(404);
    const collaborator = await api.post('/webhook/list', {}, collaboratorA);
    expect(collaborator.statusCode).toBe(403);
    expect((await api.post('/webhook/delete', { endpointId: endpoint.id }, adminA)).statusCode).toBe(200);
    expect((await api.post('/webhook/test', { endpointId: endpoint.id }, adminA)).statusCode).toBe(404);
  });
});

describe('outgoing webhooks on a deployment that refuses private addresses', () => {
  let t: WebhooksTestApp;
  let api: ReturnType<typeof client>;
  let admin: Headers;

  beforeAll(async () => {
    t = await buildWebhooksTestApp({ allowPrivateNetwork: false });
    api = client(t);
    admin = (await t.createMember('organisationAdmin', (await t.createOrganisation('Hooks C')).id)).headers;
  }, 60_000);
  afterAll(async () => t?.close());

  it('refuses plain http and private addresses, and never connects to a name that resolves to one', async () => {
    const receiver = await startReceiver();
    const plain = await api.post(
      '/webhook/create',
      { url: receiver.url, events: ['crawl.completed'] },
      admin,
    );
    expect(plain.statusCode).toBe(400);
    expect(plain.json().data).toEqual([WEBHOOK_MESSAGES.httpsRequired]);
    for (const url of ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook']) {
      const literal = await api.post('/webhook/create', { url, events: ['crawl.completed'] }, admin);
      expect(literal.statusCode, url).toBe(400);
      expect(literal.json().data).toEqual([WEBHOOK_MESSAGES.privateAddress]);
    }
    // A host name is checked on the addresses it resolves to, when the delivery connects.
    const { endpoint } = await api.create(admin, `https://localhost:${receiver.port}/hooks/bhasha`);
    await api.post('/webhook/test', { endpointId: endpoint.id }, admin);
    const [delivery] = await api.settled(admin, endpoint.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
    expect(delivery!.error).toContain('private or reserved address');
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  }, 60_000);
});
