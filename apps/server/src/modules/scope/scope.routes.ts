import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  PROJECT_MESSAGES,
  SCOPE_MESSAGES,
  SCOPE_UPLOAD_MAX_BYTES,
  SUCCESS_MESSAGES,
  addUrlsRequestSchema,
  addUrlsResponseSchema,
  allUrlQuerySchema,
  allUrlResponseSchema,
  domainWiseUrlsResponseSchema,
  enableUrlTrackRequestSchema,
  fetchAllDomainsResponseSchema,
  fetchByDomainRequestSchema,
  fetchByUrlRequestSchema,
  fetchByUrlResponseSchema,
  fileHtmlsRequestSchema,
  fileHtmlsResponseSchema,
  flushRequestSchema,
  flushResponseSchema,
  formatUrlAdditionFailed,
  idParamsSchema,
  pageSegmentsRequestSchema,
  pageSegmentsResponseSchema,
  pagedProjectRequestSchema,
  projectIdSchema,
  scopeListResponseSchema,
  scopePageParamsSchema,
  scopeProjectRequestSchema,
  scopeToggleRequestSchema,
  scopeUrlsQuerySchema,
  searchTextQuerySchema,
  toggleResponseSchema,
  trackerRunResponseSchema,
  trackingFileRequestSchema,
  trackingFileSrcResponseSchema,
  trackingFilesRequestSchema,
  trackingFilesResponseSchema,
  trackingToggleRequestSchema,
  trackingUrlsResponseSchema,
  uniqueDomainsResponseSchema,
  urlTranslationsRequestSchema,
  urlTranslationsResponseSchema,
} from '@bhasha/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import { readSingleFileUpload, singleFileUploadOptions } from '../../http/single-file-upload';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { presentScopeUrl } from './scope.presenter';
import { readUrlList } from './url-list';

const tags = ['scope'];
const security = [{ token: [] }];
const UPLOAD_TYPES = /^(text\/(plain|csv)|application\/(csv|vnd\.ms-excel|octet-stream))$/i;
const UPLOAD_NAMES = /\.(csv|txt)$/i;

function addedMessage(failed: number): string {
  return failed > 0 ? formatUrlAdditionFailed(failed) : SCOPE_MESSAGES.urlsAdded;
}

const URL_LIST_UPLOAD = {
  accepts: (file: { filename: string; mimetype: string }) =>
    UPLOAD_NAMES.test(file.filename) && UPLOAD_TYPES.test(file.mimetype),
  messages: {
    fileRequired: SCOPE_MESSAGES.uploadFileRequired,
    wrongFile: SCOPE_MESSAGES.uploadWrongType,
    tooLarge: SCOPE_MESSAGES.uploadTooLarge,
  },
};

/** Reads the `projectId` field and the single URL list file of a multipart upload, bounded. */
async function readUpload(request: FastifyRequest): Promise<{ projectId: string; urls: string[] }> {
  const { fields, text } = await readSingleFileUpload(request, URL_LIST_UPLOAD);
  const parsedId = projectIdSchema.safeParse(fields.get('projectId'));
  if (!parsedId.success) throw AppError.validation([PROJECT_MESSAGES.projectIdInvalid]);
  return { projectId: parsedId.data, urls: readUrlList(text) };
}

/** Scope calls of spec §7 "Scope and crawl" and the URL list uploads (scope/upload, project/scope). */
export const scopeRoutes: FastifyPluginAsyncZod<{ services: Pick<Services, 'scope'> }> = async (
  app,
  { services },
) => {
  const scope = services.scope;
  await app.register(multipart, singleFileUploadOptions(SCOPE_UPLOAD_MAX_BYTES));

  app.get(
    '/scope/:projectId/:pageNumber/:pageSize',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'URLs of the scope, paged, with searchText',
        params: scopePageParamsSchema,
        querystring: searchTextQuerySchema,
        response: responses(scopeListResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.params;
      const { rows, total, redirectTotal } = await scope.list(
        request.principal!,
        projectId,
        { pageNumber, pageSize },
        request.query.searchText,
        request.query.show,
      );
      return ok({ urlList: rows.map((row) => presentScopeUrl(row)), total, redirectTotal });
    },
  );

  app.get(
    '/scope/allUrl/:id',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'In-scope URLs, one part at a time, without duplicates',
        params: idParamsSchema,
        querystring: allUrlQuerySchema,
        response: responses(allUrlResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await scope.allUrls(request.principal!, request.params.id, request.query.pagePart)),
  );

  app.get(
    '/scope/urls/:id',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'URLs paged, by search and hostname',
        params: idParamsSchema,
        querystring: scopeUrlsQuerySchema,
        response: responses(scopeListResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { pageNumber, pageSize, search, selectedHostname, show } = request.query;
      const { rows, total, redirectTotal } = await scope.listByHost(
        request.principal!,
        request.params.id,
        { pageNumber, pageSize },
        {
          ...(search ? { search } : {}),
          ...(selectedHostname ? { hostname: selectedHostname } : {}),
          show,
        },
      );
      return ok({ urlList: rows.map((row) => presentScopeUrl(row)), total, redirectTotal });
    },
  );

  app.post(
    '/scope/domainWiseUrls',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'URL counts per hostname',
        body: scopeProjectRequestSchema,
        response: responses(domainWiseUrlsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok({ domainList: await scope.domainWiseUrls(request.principal!, request.body.projectId) }),
  );

  app.post(
    '/domain/fetchAllDomains',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "The project's domains with their active flag",
        body: scopeProjectRequestSchema,
        response: responses(fetchAllDomainsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const domains = await scope.fetchAllDomains(request.principal!, request.body.projectId);
      return ok({
        domainList: domains.map((d) => ({
          id: d.id,
          hostname: d.hostname,
          origin: d.origin,
          active: d.active,
        })),
        totalDomain: domains.length,
      });
    },
  );

  app.post(
    '/scope/flush/start',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Fetch one URL again now',
        body: flushRequestSchema,
        response: responses(flushResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const crawl = await scope.flush(request.principal!, request.body.projectId, request.body.url);
      return ok({ crawlId: crawl.id }, SCOPE_MESSAGES.flushStarted);
    },
  );

  app.post(
    '/scope/add',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "Add URLs of the project's domains to the scope",
        body: addUrlsRequestSchema,
        response: responses(addUrlsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const result = await scope.addUrls(request.principal!, request.body.projectId, request.body.urls);
      return ok(result, addedMessage(result.failed.length));
    },
  );

  app.post(
    '/scope/fetchByDomain',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'URLs of one hostname, paged',
        body: fetchByDomainRequestSchema,
        response: responses(scopeListResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, hostname, pageNumber, pageSize } = request.body;
      const { rows, total, redirectTotal } = await scope.listByHost(
        request.principal!,
        projectId,
        { pageNumber, pageSize },
        { hostname },
      );
      return ok({ urlList: rows.map((row) => presentScopeUrl(row)), total, redirectTotal });
    },
  );

  app.post(
    '/scope/fetchByurl',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'One URL of the scope',
        body: fetchByUrlRequestSchema,
        response: responses(fetchByUrlResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok({
        url: presentScopeUrl(
          await scope.fetchByUrl(request.principal!, request.body.projectId, request.body.url),
        ),
      }),
  );

  app.post(
    '/scope/Uniquedomains',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Hostnames found among the URLs',
        body: scopeProjectRequestSchema,
        response: responses(uniqueDomainsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok({ uniqueDomains: await scope.uniqueDomains(request.principal!, request.body.projectId) }),
  );

  app.post(
    '/scope/toggle',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Put URLs in or out of scope',
        body: scopeToggleRequestSchema,
        response: responses(toggleResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, urlIds, urls, inScope } = request.body;
      return ok(
        { updated: await scope.toggleScope(request.principal!, projectId, urlIds, urls, inScope) },
        SCOPE_MESSAGES.toggled,
      );
    },
  );

  app.post(
    '/scope/tracking/toggle',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Switch tracking of URLs',
        body: trackingToggleRequestSchema,
        response: responses(toggleResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, urlIds, urls, tracked } = request.body;
      return ok(
        { updated: await scope.toggleTracking(request.principal!, projectId, urlIds, urls, tracked) },
        SCOPE_MESSAGES.toggled,
      );
    },
  );

  app.post(
    '/scope/project/resync',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Recount the word counts of every URL',
        body: scopeProjectRequestSchema,
        response: responses(z.object({}), 400, 404),
      },
    },
    async (request) => {
      await scope.resync(request.principal!, request.body.projectId);
      return ok({}, SUCCESS_MESSAGES.wordCountScheduled);
    },
  );

  app.post(
    '/scope/getTrackingUrls',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Tracked URLs, paged',
        body: pagedProjectRequestSchema,
        response: responses(trackingUrlsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, pageNumber, pageSize } = request.body;
      const { rows, total } = await scope.trackingUrls(request.principal!, projectId, {
        pageNumber,
        pageSize,
      });
      return ok({ trackingUrls: rows.map((row) => presentScopeUrl(row)), total });
    },
  );

  app.post(
    '/scope/getTrackingFilesListByUrl',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Stored versions of a tracked URL',
        body: trackingFilesRequestSchema,
        response: responses(trackingFilesResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, urlId, url } = request.body;
      const result = await scope.trackingFiles(request.principal!, projectId, {
        ...(urlId ? { urlId } : {}),
        ...(url ? { url } : {}),
      });
      return ok({
        url: result.url,
        files: result.files.map((f) => ({
          id: f.id,
          contentHash: f.contentHash,
          fetchedAt: f.fetchedAt.toISOString(),
          size: f.size,
        })),
      });
    },
  );

  app.post(
    '/scope/getTrackingFilesrc',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'One stored version of a tracked URL',
        body: trackingFileRequestSchema,
        response: responses(trackingFileSrcResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const [file] = await scope.trackingFileContents(request.principal!, request.body.projectId, [
        request.body.fileId,
      ]);
      return ok({
        fileId: file!.id,
        url: file!.url,
        fetchedAt: file!.fetchedAt.toISOString(),
        src: file!.html,
      });
    },
  );

  app.post(
    '/scope/getFilehtmls',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Several stored versions, to compare',
        body: fileHtmlsRequestSchema,
        response: responses(fileHtmlsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const files = await scope.trackingFileContents(
        request.principal!,
        request.body.projectId,
        request.body.fileIds,
      );
      return ok({
        htmls: files.map((f) => ({ fileId: f.id, fetchedAt: f.fetchedAt.toISOString(), html: f.html })),
      });
    },
  );

  app.post(
    '/scope/pageSegments',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Preview of one URL: the segments extracted from it, in page order, paged',
        body: pageSegmentsRequestSchema,
        response: responses(pageSegmentsResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { projectId, urlId, pageNumber, pageSize } = request.body;
      const result = await scope.pageSegments(request.principal!, projectId, urlId, { pageNumber, pageSize });
      return ok({ url: presentScopeUrl(result.page), segments: result.segments, total: result.total });
    },
  );

  app.post(
    '/scope/enableUrlTrack',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Tracking on or off for every in-scope URL',
        body: enableUrlTrackRequestSchema,
        response: responses(toggleResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        {
          updated: await scope.enableUrlTrack(
            request.principal!,
            request.body.projectId,
            request.body.status,
          ),
        },
        SCOPE_MESSAGES.toggled,
      ),
  );

  app.post(
    '/scope/getUrlTranslations',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'The translated URL slugs of the project, in one language or all',
        body: urlTranslationsRequestSchema,
        response: responses(urlTranslationsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await scope.urlTranslations(request.principal!, request.body.projectId, request.body.targetLang)),
  );

  app.post(
    '/tracker/projectContentTracker',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Fetch tracked URLs now; changed content is flagged new',
        body: scopeProjectRequestSchema,
        response: responses(trackerRunResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await scope.runTracker(request.principal!, request.body.projectId), SCOPE_MESSAGES.trackingStarted),
  );

  for (const path of ['/scope/upload', '/project/scope']) {
    app.post(
      path,
      {
        config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
        schema: {
          tags,
          security,
          summary: 'Upload a CSV or TXT list of URLs (multipart: projectId, file)',
          consumes: ['multipart/form-data'],
          response: responses(addUrlsResponseSchema, 400, 404),
        },
      },
      async (request) => {
        const { projectId, urls } = await readUpload(request);
        const result = await scope.addUrlList(request.principal!, projectId, urls);
        return ok(result, addedMessage(result.failed.length));
      },
    );
  }
};
