import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ERROR_MESSAGES,
  PROJECT_MESSAGES,
  SUCCESS_MESSAGES,
  addDomainRequestSchema,
  createMultiOriginProjectRequestSchema,
  createProjectRequestSchema,
  deleteDomainRequestSchema,
  deleteProjectRequestSchema,
  deleteProjectResponseSchema,
  deleteSegmentsRequestSchema,
  deleteSegmentsResponseSchema,
  domainFailureSchema,
  domainResponseSchema,
  envelopeOf,
  fetchProjectIdRequestSchema,
  fetchProjectIdResponseSchema,
  projectFlagRequestSchema,
  projectIdRequestSchema,
  projectListRequestSchema,
  projectListResponseSchema,
  projectResponseSchema,
  projectStatsResponseSchema,
  updateProjectRequestSchema,
  urlWiseStatsRequestSchema,
  urlWiseStatsResponseSchema,
  wordCountResponseSchema,
  idParamsSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from './projects.policy';
import { presentDomain, presentProject } from './projects.presenter';

const tags = ['projects'];
const domainResponses = {
  200: envelopeOf(domainResponseSchema),
  400: domainFailureSchema,
  404: domainFailureSchema,
  409: domainFailureSchema,
};
const security = [{ token: [] }];

/** Project calls of spec §7 "Projects". */
export const projectsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'projects'> }> = (
  app,
  { services },
  done,
) => {
  const projects = services.projects;

  app.post(
    '/project/new',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Create a project (website: base URL, languages)',
        body: createProjectRequestSchema,
        response: responses(projectResponseSchema, 400, 403),
      },
    },
    async (request) => {
      const { project, domains } = await projects.create(request.principal!, request.body);
      return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.projectCreated);
    },
  );

  app.post(
    '/project/new/multiOrigin',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Create a website project with several origins',
        body: createMultiOriginProjectRequestSchema,
        response: responses(projectResponseSchema, 400, 403),
      },
    },
    async (request) => {
      const { project, domains } = await projects.createMultiOrigin(request.principal!, request.body);
      return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.projectCreated);
    },
  );

  app.post(
    '/project',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'List projects: search, pages, filters by type and status',
        body: projectListRequestSchema.default({ pageNumber: 1, pageSize: 10 }),
        response: responses(projectListResponseSchema, 400),
      },
    },
    async (request) => {
      const { rows, domains, total } = await projects.list(request.principal!, request.body);
      return ok({ projectList: rows.map((r) => presentProject(r, domains)), totalProjects: total });
    },
  );

  app.post(
    '/project/details',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'One project',
        body: projectIdRequestSchema,
        response: responses(projectResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const { project, domains } = await projects.details(request.principal!, request.body.projectId);
      return ok({ project: presentProject(project, domains) });
    },
  );

  app.post(
    '/project/update',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Update name, languages, scope type or status',
        body: updateProjectRequestSchema,
        response: responses(projectResponseSchema, 400, 404, 409),
      },
    },
    async (request) => {
      try {
        const { project, domains } = await projects.update(request.principal!, request.body);
        return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.projectUpdated);
      } catch (error) {
        // Spec §8: the dashboard shows 'Project updation request failed'; the reason travels in data.
        if (error instanceof AppError && error.statusCode !== 404) {
          throw new AppError(
            error.statusCode,
            error.type,
            ERROR_MESSAGES.projectUpdationFailed,
            error.data ?? [error.message],
          );
        }
        throw error;
      }
    },
  );

  app.post(
    '/project/delete',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Delete a project in the background; keepTm keeps its TM reusable',
        body: deleteProjectRequestSchema,
        response: responses(deleteProjectResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const result = await projects.requestDelete(
        request.principal!,
        request.body.projectId,
        request.body.keepTm,
      );
      return ok(result, SUCCESS_MESSAGES.projectDeleteRequested);
    },
  );

  app.post(
    '/project/stats',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Word counts and URL totals of a project',
        body: projectIdRequestSchema,
        response: responses(projectStatsResponseSchema, 400, 404),
      },
    },
    async (request) => ok({ stat: await projects.stats(request.principal!, request.body.projectId) }),
  );

  app.post(
    '/project/stats/urlWise',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Word counts per URL',
        body: urlWiseStatsRequestSchema,
        response: responses(urlWiseStatsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok({
        urlWiseStatData: await projects.urlWiseStats(
          request.principal!,
          request.body.projectId,
          request.body.urls,
        ),
      }),
  );

  app.post(
    '/project/fetchProjectId',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "The caller's project for a website URL (or its first project)",
        body: fetchProjectIdRequestSchema.default({}),
        response: responses(fetchProjectIdResponseSchema, 400),
      },
    },
    async (request) => ok({ projectId: await projects.fetchProjectId(request.principal!, request.body.url) }),
  );

  app.post(
    '/project/addNewDomain',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Add a domain (origin) to a website project; failures carry `status`',
        body: addDomainRequestSchema,
        response: domainResponses,
      },
    },
    async (request) => {
      const domains = await projects.addDomain(request.principal!, request.body.projectId, request.body.url);
      return ok(
        { status: PROJECT_MESSAGES.addDomainDone, domains: domains.map(presentDomain) },
        PROJECT_MESSAGES.addDomainDone,
      );
    },
  );

  app.post(
    '/project/deleteDomain',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Remove a domain by id or hostname; failures carry `status`',
        body: deleteDomainRequestSchema,
        response: domainResponses,
      },
    },
    async (request) => {
      const { projectId, domainId, hostname } = request.body;
      const domains = await projects.deleteDomain(request.principal!, projectId, {
        ...(domainId ? { domainId } : {}),
        ...(hostname ? { hostname } : {}),
      });
      return ok(
        { status: PROJECT_MESSAGES.deleteDomainDone, domains: domains.map(presentDomain) },
        PROJECT_MESSAGES.deleteDomainDone,
      );
    },
  );

  app.get(
    '/project/wordcount/:id',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Word counts of spec §3; updating while a crawl or a recount (resync) runs',
        params: idParamsSchema,
        response: responses(wordCountResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const counts = await projects.wordCount(request.principal!, request.params.id);
      return ok(counts, counts.updating ? SUCCESS_MESSAGES.wordCountScheduled : 'Success');
    },
  );

  app.post(
    '/project/deleteIndividualSegments',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Delete segments of a project by source hash',
        body: deleteSegmentsRequestSchema,
        response: responses(deleteSegmentsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await projects.deleteSegments(request.principal!, request.body.projectId, request.body.sourceHashes),
        PROJECT_MESSAGES.segmentsDeleted,
      ),
  );

  for (const group of ['cache', 'meta'] as const) {
    app.post(
      `/project/${group}/update`,
      {
        config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
        schema: {
          tags,
          security,
          summary: `Switch a ${group} setting {key, status}`,
          body: projectFlagRequestSchema,
          response: responses(projectResponseSchema, 400, 404),
        },
      },
      async (request) => {
        const { projectId, key, status } = request.body;
        const { project, domains } = await projects.setFlag(
          request.principal!,
          projectId,
          group,
          key,
          status,
        );
        return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.settingUpdated);
      },
    );
  }
  done();
};
