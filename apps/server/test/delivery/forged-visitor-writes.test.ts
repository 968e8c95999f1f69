import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@bhasha/contract';
import { segments } from '@bhasha/db';
import { extractSegments } from '@bhasha/engine';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';

/*
 * A script can send any `Origin`: writes from "visitors' browsers" are only as trustworthy as what
 * the server can check itself. New content is kept only when the server's own fetch of the page
 * has it; budgets are shared per client address so one client cannot spend a project's.
 */

const NEWS = `<html><head><title>Newsroom</title></head><body>
  <h1>Monsoon sale starts on Monday</h1>
  <p>Every umbrella is <b>half price</b> this week.</p>
  <p>Free delivery on orders above 500 rupees.</p>
</body></html>`;
const onNews = extractSegments(NEWS).map((segment) => ({ text: segment.text, kind: segment.kind }));

let t: CrawlTestApp;
let site: Server;
let origin: string;
let projectId: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    const found = request.url === '/news' || request.url === '/';
    response.writeHead(found ? 200 : 404, { 'content-type': 'text/html' });
    response.end(request.url === '/news' ? NEWS : found ? '<p>Home</p>' : 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  t = await buildCrawlTestApp(
    {},
    {
      deliveryBudgets: {
        newSegments: { perProject: 1_000, perClient: 2 },
        visitorMessages: { perProject: 6, perClient: 3 },
      },
    },
  );
  const organisation = await t.createOrganisation('Forged Writes Org');
  const admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/project/new',
    headers: admin,
    payload: { baseUrl: origin, targetLanguages: ['hi'] },
  });
  expect(created.statusCode, created.body).toBe(200);
  projectId = created.json().data.project.id;
}, 300_000);

afterAll(async () => {
  await t?.close();
  site?.close();
});

/** A POST as bhasha.js makes it (text/plain), with a forged or real `Origin`, from one client address. */
function postAsSnippet(path: string, body: object, remoteAddress = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: `/api/delivery/${projectId}/${path}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

async function storedTexts(texts: readonly string[]): Promise<string[]> {
  const rows = await t.handle.db
    .select({ text: segments.text })
    .from(segments)
    .where(and(eq(segments.projectId, projectId), inArray(segments.text, [...texts])));
  return rows.map((row) => row.text).sort();
}

describe('new content reported with a forged Origin', () => {
  it('stores none of 50 junk texts the page does not have', async () => {
    const junk = Array.from({ length: 50 }, (_, i) => ({ text: `Junk advert number ${i}`, kind: 'text' }));
    const response = await postAsSnippet('segments', { url: `${origin}/news`, segments: junk }, '10.1.0.1');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ accepted: 0 });
    expect(await storedTexts(junk.map((segment) => segment.text))).toEqual([]);
  });

  it('stores nothing when the page cannot be fetched, and says so', async () => {
    const report = {
      url: `${origin}/gone`,
      segments: [{ text: 'Claimed text on a missing page', kind: 'text' }],
    };
    const response = await postAsSnippet('segments', report, '10.1.0.2');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: DELIVERY_MESSAGES.pageNotConfirmed,
      data: { accepted: 0 },
    });
    expect(await storedTexts(['Claimed text on a missing page'])).toEqual([]);
  });
});

describe('a genuine report and the per-client budget', () => {
  it('stores texts really on the page (dropping the rest), within each client’s share', async () => {
    expect(onNews.length).toBeGreaterThanOrEqual(4);
    const genuine = onNews.map((segment) => segment.text);
    const mixed = [...onNews, { text: 'Not on the page at all', kind: 'text' }];
    // Client A's share is 2 new segments an hour: it gets 2 and no more.
    const first = await postAsSnippet('segments', { url: `${origin}/news`, segments: mixed }, '10.2.0.1');
    expect(first.json().data).toEqual({ accepted: 2 });
    const again = await postAsSnippet('segments', { url: `${origin}/news`, segments: mixed }, '10.2.0.1');
    expect(again.json().data).toEqual({ accepted: 0 });
    // Another visitor of the same project still adds what is left.
    const other = await postAsSnippet('segments', { url: `${origin}/news`, segments: mixed }, '10.2.0.2');
    expect(other.json().data).toEqual({ accepted: 2 });
    const third = await postAsSnippet('segments', { url: `${origin}/news`, segments: mixed }, '10.2.0.3');
    expect(third.json().data).toEqual({ accepted: genuine.length - 4 });
    expect(await storedTexts([...genuine, 'Not on the page at all'])).toEqual([...genuine].sort());
  });

  it('one client spending its visitor-message share gets 429; another client of the project still gets through', async () => {
    const feedback = { url: `${origin}/news`, language: 'hi', comment: 'The Hindi reads well' };
    for (let i = 0; i < 3; i += 1) {
      const response = await postAsSnippet('feedback', feedback, '10.3.0.1');
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await postAsSnippet('feedback', feedback, '10.3.0.1')).statusCode).toBe(429);
    const realVisitor = await postAsSnippet('feedback', feedback, '10.3.0.2');
    expect(realVisitor.statusCode, realVisitor.body).toBe(200);
  });
});
