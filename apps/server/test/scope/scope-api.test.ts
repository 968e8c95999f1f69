import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, formatUrlAdditionFailed } from '@bhasha/contract';
import { buildCrawlTestApp, type CrawlTestApp } from '../crawl/support/crawl-test-app';
import { multipartBody } from '../support/multipart';

type Headers = Record<string, string>;

describe('the scope of a website project', () => {
  let t: CrawlTestApp;
  let admin: Headers;
  let projectId: string;

  beforeAll(async () => {
    t = await buildCrawlTestApp();
    const organisation = await t.createOrganisation();
    admin = (await t.createMember('organisationAdmin', organisation.id)).headers;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/project/new/multiOrigin',
      headers: admin,
      payload: {
        origins: ['https://scope.example.in', 'https://blog.scope.example.in'],
        targetLanguages: ['hi'],
      },
    });
    projectId = created.json().data.project.id;
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: admin, payload });
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: admin });

  it('adds URLs of the project domains, reporting the others with the spec text', async () => {
    const response = await post('/scope/add', {
      projectId,
      urls: [
        'https://scope.example.in/a',
        'https://scope.example.in/a#x',
        'https://www.scope.example.in/b?utm_source=x',
        'https://blog.scope.example.in/post',
        'https://elsewhere.in/x',
        'ftp://scope.example.in/',
      ],
    });
    expect(response.json()).toMatchObject({
      success: true,
      message: formatUrlAdditionFailed(2),
      data: { added: 3, existing: 0 },
    });
    const none = await post('/scope/add', { projectId, urls: ['https://elsewhere.in/x'] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(ERROR_MESSAGES.urlAddToScopeFailed);
  });

  it('uploads a CSV list of URLs, refusing other files', async () => {
    const csv =
      'url,comment\nhttps://scope.example.in/c,"first"\n=HYPERLINK("https://evil"),x\nhttps://scope.example.in/d\n';
    const upload = multipartBody({ projectId }, { name: 'urls.csv', type: 'text/csv', content: csv });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/scope/upload',
      headers: { ...admin, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(response.json()).toMatchObject({ success: true, data: { added: 2 } });
    const exe = multipartBody(
      { projectId },
      { name: 'urls.exe', type: 'application/x-msdownload', content: 'MZ' },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/project/scope',
      headers: { ...admin, 'content-type': exe.contentType },
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(400);
    const noProject = multipartBody(
      {},
      { name: 'urls.txt', type: 'text/plain', content: 'https://scope.example.in/e' },
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/scope/upload',
          headers: { ...admin, 'content-type': noProject.contentType },
          payload: noProject.payload,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists, searches and filters the URLs', async () => {
    const page = (await get(`/scope/${projectId}/1/2`)).json().data;
    expect(page.total).toBe(5);
    expect(page.urlList).toHaveLength(2);
    const search = (await get(`/scope/${projectId}/1/10?searchText=post`)).json<{
      data: { urlList: Array<{ url: string }> };
    }>().data;
    expect(search.urlList.map((u) => u.url)).toEqual(['https://blog.scope.example.in/post']);
    const byHost = (
      await get(`/scope/urls/${projectId}?pageNumber=1&pageSize=10&selectedHostname=www.scope.example.in`)
    ).json().data;
    expect(byHost.total).toBe(1);
    const all = (await get(`/scope/allUrl/${projectId}?pagePart=0`)).json().data;
    expect(all).toMatchObject({ total: 5, pagePart: 0, hasMore: false });
    expect(new Set(all.urlList).size).toBe(all.urlList.length);
    const unique = (await post('/scope/Uniquedomains', { projectId })).json().data.uniqueDomains;
    expect(unique).toEqual(['blog.scope.example.in', 'scope.example.in', 'www.scope.example.in']);
    const domainWise = (await post('/scope/domainWiseUrls', { projectId })).json().data.domainList;
    expect(domainWise).toContainEqual({ hostname: 'scope.example.in', total: 3, inScope: 3, tracked: 0 });
    const domains = (await post('/domain/fetchAllDomains', { projectId })).json().data;
    expect(domains.totalDomain).toBe(2);
    const one = (await post('/scope/fetchByurl', { projectId, url: 'https://scope.example.in/a' })).json()
      .data.url;
    expect(one).toMatchObject({ inScope: true, tracked: false, status: 'new' });
    const byDomain = (
      await post('/scope/fetchByDomain', { projectId, hostname: 'blog.scope.example.in' })
    ).json().data;
    expect(byDomain.total).toBe(1);
  });

  it('toggles scope and tracking, answering the spec texts when nothing matches', async () => {
    const toggled = await post('/scope/toggle', {
      projectId,
      urls: ['https://scope.example.in/a'],
      inScope: false,
    });
    expect(toggled.json().data.updated).toBe(1);
    const all = (await get(`/scope/allUrl/${projectId}?pagePart=0`)).json().data;
    expect(all.total).toBe(4);
    const missing = await post('/scope/toggle', {
      projectId,
      urls: ['https://scope.example.in/none'],
      inScope: false,
    });
    expect(missing.json().message).toBe(ERROR_MESSAGES.scopeToggleFailed);
    const tracked = await post('/scope/tracking/toggle', {
      projectId,
      urls: ['https://scope.example.in/c'],
      tracked: true,
    });
    expect(tracked.json().data.updated).toBe(1);
    const trackMissing = await post('/scope/tracking/toggle', {
      projectId,
      urlIds: ['00000000-0000-4000-8000-000000000000'],
      tracked: true,
    });
    expect(trackMissing.json().message).toBe(ERROR_MESSAGES.trackUrlToggleFailed);
    const trackingUrls = (await post('/scope/getTrackingUrls', { projectId })).json<{
      data: { trackingUrls: Array<{ url: string }> };
    }>().data;
    expect(trackingUrls.trackingUrls.map((u) => u.url)).toEqual(['https://scope.example.in/c']);
    const files = (
      await post('/scope/getTrackingFilesListByUrl', { projectId, url: 'https://scope.example.in/c' })
    ).json().data;
    expect(files).toEqual({ url: 'https://scope.example.in/c', files: [] });
    const enabled = (await post('/scope/enableUrlTrack', { projectId, status: true })).json().data;
    expect(enabled.updated).toBe(4);
  });

  it('answers the resync with the word count message', async () => {
    const response = await post('/scope/project/resync', { projectId });
    expect(response.json()).toMatchObject({ success: true, message: SUCCESS_MESSAGES.wordCountScheduled });
  });
});
