import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, PROJECT_MESSAGES, SUCCESS_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from './projects.policy';
import { presentDomain, presentProject } from './projects.presenter';

const api = endpoints.project;

/** Project calls of spec §7 "Projects". */
export const projectsRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'projects'> }> = (
  app,
  { services },
  done,
) => {
  const projects = services.projects;

  defineRoute(app, api.create, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { project, domains } = await projects.create(request.principal!, request.body);
      return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.projectCreated);
    },
  });

  defineRoute(app, api.createMultiOrigin, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { project, domains } = await projects.createMultiOrigin(request.principal!, request.body);
      return ok({ project: presentProject(project, domains) }, PROJECT_MESSAGES.projectCreated);
    },
  });

  defineRoute(app, api.list, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { rows, domains, total } = await projects.list(request.principal!, request.body);
      return ok({ projectList: rows.map((r) => presentProject(r, domains)), totalProjects: total });
    },
  });

  defineRoute(app, api.details, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const { project, domains } = await projects.details(request.principal!, request.body.projectId);
      return ok({ project: presentProject(project, domains) });
    },
  });

  defineRoute(app, api.update, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
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
  });

  defineRoute(app, api.delete, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const result = await projects.requestDelete(
        request.principal!,
        request.body.projectId,
        request.body.keepTm,
      );
      return ok(result, SUCCESS_MESSAGES.projectDeleteRequested);
    },
  });

  defineRoute(app, api.stats, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok({ stat: await projects.stats(request.principal!, request.body.projectId) }),
  });

  defineRoute(app, api.urlWiseStats, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok({
        urlWiseStatData: await projects.urlWiseStats(
          request.principal!,
          request.body.projectId,
          request.body.urls,
        ),
      }),
  });

  defineRoute(app, api.fetchProjectId, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok({ projectId: await projects.fetchProjectId(request.principal!, request.body.url) }),
  });

  defineRoute(app, api.addDomain, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const domains = await projects.addDomain(request.principal!, request.body.projectId, request.body.url);
      return ok(
        { status: PROJECT_MESSAGES.addDomainDone, domains: domains.map(presentDomain) },
        PROJECT_MESSAGES.addDomainDone,
      );
    },
  });

  defineRoute(app, api.deleteDomain, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
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
  });

  defineRoute(app, api.wordCount, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const counts = await projects.wordCount(request.principal!, request.params.id);
      return ok(counts, counts.updating ? SUCCESS_MESSAGES.wordCountScheduled : 'Success');
    },
  });

  defineRoute(app, api.deleteSegments, {
    access: PROJECT_MANAGER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(
        await projects.deleteSegments(request.principal!, request.body.projectId, request.body.sourceHashes),
        PROJECT_MESSAGES.segmentsDeleted,
      ),
  });

  for (const [group, endpoint] of [
    ['cache', api.cacheFlag],
    ['meta', api.metaFlag],
  ] as const) {
    defineRoute(app, endpoint, {
      access: PROJECT_MANAGER_ROLES,
      ownOrganisation: true,
      handler: async (request) => {
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
    });
  }
  done();
};
