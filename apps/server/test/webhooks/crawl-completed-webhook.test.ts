import { mkdtempSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookDelivery } from '@bhasha/contract';
import { createWebhookRuntime } from '../../src/modules/webhooks/webhook-runtime';
import { buildCrawlTestApp, waitForCrawl, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { startStaticSite } from '../crawl/support/static-site';
import { startReceiver } from './support/webhooks-test-app';

/** A two-page site: the home page links to the other. */
function smallSite() {
  const page = (body: string) => (_: unknown, res: ServerResponse) =>
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<html><body>${body}</body></html>`);
  return startStaticSite({
    root: mkdtempSync(join(tmpdir(), 'hooked-site-')),
    robotsTxt: '',
    routes: {
      '/home': page('<p>Welcome to the hooked site.</p><a href="/about">About us</a>'),
      '/about': page('<p>We translate everything.</p>'),
    },
  });
}

describe('crawl.completed', () => {
  let t: CrawlTestApp;
  let runtime: ReturnType<typeof createWebhookRuntime>;
  beforeAll(async () => {
    t = await buildCrawlTestApp();
    runtime = createWebhookRuntime({
      db: t.handle.db,
      jobs: t.jobs,
      clock: { now: () => new Date() },
      allowPrivateNetwork: true,
    });
    t.useJobRuntimes({ webhooks: runtime });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await runtime?.sender.close();
  });

  it('is delivered to the organisation’s endpoint when a crawl finishes', async () => {
    const site = await smallSite();
    const receiver = await startReceiver();
    try {
      const organisation = await t.createOrganisation();
      const { headers } = await t.createMember('organisationAdmin', organisation.id);
      const post = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
      const hook = await post('/webhook/create', {
        url: receiver.url,
        events: [WEBHOOK_EVENTS.crawlCompleted],
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const endpointId = hook.json().data.endpoint.id as string;
      const created = await post('/project/new', {
        baseUrl: `${site.origin}/home`,
        targetLanguages: ['hi'],
        name: 'Hooked',
      });
      const projectId = created.json().data.project.id as string;
      await post('/project/crawl', { projectId });
      expect((await waitForCrawl(t, headers, projectId, 60_000)).status).toBe('COMPLETED');

      const deadline = Date.now() + 20_000;
      let deliveries: WebhookDelivery[] = [];
      while (Date.now() < deadline) {
        deliveries = (await post('/webhook/deliveries', { endpointId })).json().data.deliveries;
        if (deliveries.some((d) => d.status === 'succeeded')) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(deliveries).toEqual([
        expect.objectContaining({ event: WEBHOOK_EVENTS.crawlCompleted, status: 'succeeded' }),
      ]);
      expect(JSON.parse(receiver.received[0]!.rawBody)).toMatchObject({
        event: WEBHOOK_EVENTS.crawlCompleted,
        organisationId: organisation.id,
        data: { projectId, crawl: { status: 'COMPLETED' } },
      });
    } finally {
      await site.close();
      await receiver.close();
    }
  }, 120_000);
});
