import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { SUCCESS_MESSAGES, endpoints } from '@bhasha/contract';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/envelope';
import type { Services } from '../../services';
import { PROJECT_READER_ROLES } from '../projects/projects.policy';

const api = endpoints.crawl;

/** project/crawl and scope/crawl/last (spec §7 "Projects", "Scope and crawl"). */
export const crawlRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'crawl'> }> = (
  app,
  { services },
  done,
) => {
  defineRoute(app, api.start, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) => {
      const crawl = await services.crawl.startCrawl(
        request.principal!,
        request.body.projectId,
        request.body.initUrl,
      );
      return ok(
        { projectId: crawl.projectId, crawlId: crawl.id, status: crawl.status },
        SUCCESS_MESSAGES.crawlAccepted,
      );
    },
  });

  defineRoute(app, api.last, {
    access: PROJECT_READER_ROLES,
    ownOrganisation: true,
    handler: async (request) =>
      ok(await services.crawl.lastCrawl(request.principal!, request.body.projectId)),
  });
  done();
};
