import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_VERIFICATION_MESSAGES } from '@bhasha/contract';
import { createPageFetcher, DEFAULT_FETCHER_OPTIONS } from '../../src/modules/crawl/page-fetcher';
import { createDeliveryRepository } from '../../src/modules/delivery/delivery.repository';
import { findSnippetTag } from '../../src/modules/delivery/find-snippet-tag';
import { createScriptVerificationService } from '../../src/modules/delivery/script-verification.service';
import { createProjectsRepository } from '../../src/modules/projects/projects.repository';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';

type Headers = Record<string, string>;

describe('findSnippetTag', () => {
  const id = '7d1f0a52-3c1e-4a8e-9a37-2f3b5c6d7e80';
  it.each([
    [`<script src="https://b.example/api/delivery/bhasha.js" data-project-id="${id}" defer></script>`, 2],
    [`<SCRIPT data-project-id='${id.toUpperCase()}' SRC=/api/delivery/bhasha.js></SCRIPT>`, 2],
    ['<script src="https://b.example/api/delivery/bhasha.js" data-project-id="another"></script>', 1],
    [`<!-- <script src="/api/delivery/bhasha.js" data-project-id="${id}"></script> -->`, 0],
    [`<script src="/js/bhasha.js.map" data-project-id="${id}"></script>`, 0],
    ['<p>no script here</p>', 0],
  ])('%s → level %i', (html, level) => {
    expect(findSnippetTag(html, id)).toBe(level);
  });
});

describe('/parser/verifyScriptIntegration', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let otherAdmin: Headers;
  let projectId: string;
  let site: Server;
  let origin: string;
  let home = '';

  beforeAll(async () => {
    site = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: 'https://elsewhere.example.com/' });
        return response.end();
      }
      response.writeHead(request.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      response.end(request.url === '/' ? home : 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation('Verify Org');
    admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
    otherAdmin = (await t.createMember('organisationAdmin', (await t.createOrganisation('Else')).id)).headers;
    const created = await post('/project/new', admin, { baseUrl: origin, targetLanguages: ['hi'] });
    expect(created.statusCode, created.body).toBe(200);
    projectId = created.json().data.project.id;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    site?.close();
  });

  function post(url: string, headers: Headers, payload: object) {
    return t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
  }
  async function levels() {
    const response = await post('/parser/domainVerifications', admin, { projectId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { domains: { verificationLevel: number }[] } }>().data.domains;
  }

  it('stores level 0 without the tag, 1 with the tag of another project, 2 with this project’s id', async () => {
    expect((await levels())[0]!.verificationLevel).toBe(0);
    home = '<html><head><title>Shop</title></head><body>Hello</body></html>';
    const none = await post('/parser/verifyScriptIntegration', admin, { projectId });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().message).toBe(SCRIPT_VERIFICATION_MESSAGES.notFound);
    expect(none.json().data).toMatchObject({ scriptFound: false, projectIdFound: false, url: `${origin}/` });

    home =
      '<html><head><script src="https://bhasha.example/api/delivery/bhasha.js" data-project-id="someone-else"></script></head></html>';
    const other = await post('/parser/verifyScriptIntegration', admin, { projectId });
    expect(other.json().data.domain.verificationLevel).toBe(1);
    expect(other.json().message).toBe(SCRIPT_VERIFICATION_MESSAGES.scriptOnly);

    home = `<html><head><script src="https://bhasha.example/api/delivery/bhasha.js" data-project-id="${projectId}" defer></script></head></html>`;
    const ours = await post('/parser/verifyScriptIntegration', admin, { projectId });
    expect(ours.json().data).toMatchObject({ scriptFound: true, projectIdFound: true });
    expect(ours.json().data.domain.verificationLevel).toBe(2);
    expect((await levels())[0]!.verificationLevel).toBe(2);
  });

  it('answers level 3 once the snippet has reported a visit from the domain', async () => {
    const visit = await t.app.inject({
      method: 'POST',
      url: `/api/delivery/${projectId}/visits`,
      headers: { origin, 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ url: `${origin}/`, language: 'hi' }),
    });
    expect(visit.statusCode, visit.body).toBe(200);
    expect((await levels())[0]!.verificationLevel).toBe(3);
  });

  it('refuses URLs outside the project, redirects off the project, and other organisations', async () => {
    const foreign = await post('/parser/verifyScriptIntegration', admin, {
      projectId,
      url: 'https://evil.example.com/',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(SCRIPT_VERIFICATION_MESSAGES.urlNotInProject);
    const moved = await post('/parser/verifyScriptIntegration', admin, { projectId, url: `${origin}/moved` });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(SCRIPT_VERIFICATION_MESSAGES.urlNotInProject);
    const missing = await post('/parser/verifyScriptIntegration', admin, {
      projectId,
      url: `${origin}/gone`,
    });
    expect(missing.json().message).toBe(`${SCRIPT_VERIFICATION_MESSAGES.unreachable}: HTTP 404`);
    expect((await post('/parser/verifyScriptIntegration', otherAdmin, { projectId })).statusCode).toBe(404);
  });

  it('refuses a private address when the deployment does not allow private fetches', async () => {
    const guarded = createScriptVerificationService({
      repository: createDeliveryRepository(t.handle.db),
      projects: createProjectsRepository(t.handle.db),
      access: t.services.projectAccess,
      clock: { now: () => new Date() },
      createFetcher: () => createPageFetcher({ ...DEFAULT_FETCHER_OPTIONS, allowPrivateNetwork: false }),
    });
    const principal = { id: 'platform', role: 'superAdmin' as const, organisationId: null };
    const refused = await guarded.verify(principal, { projectId }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 400 });
    expect((refused as Error).message).toContain(SCRIPT_VERIFICATION_MESSAGES.unreachable);
  });
});
