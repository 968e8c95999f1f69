import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  SUCCESS_MESSAGES,
  crawlInfoSchema,
  lastCrawlRequestSchema,
  startCrawlRequestSchema,
  startCrawlResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_READER_ROLES } from '../projects/projects.policy';

const tags = ['crawl'];
const security = [{ token: [] }];

/** project/crawl and scope/crawl/last (spec §7 "Projects", "Scope and crawl"). */
export const crawlRoutes: FastifyPluginCallbackZod<{ services: Pick<Services, 'crawl'> }> = (
  app,
  { services },
  done,
) => {
  app.post(
    '/project/crawl',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Crawl the website from initUrl; the project becomes crawling',
        body: startCrawlRequestSchema,
        response: responses(startCrawlResponseSchema, 400, 404),
      },
    },
    async (request) => {
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
  );

  app.post(
    '/scope/crawl/last',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'The last crawl: status, last processed URL (else base URL), parsed URLs',
        body: lastCrawlRequestSchema,
        response: responses(crawlInfoSchema, 400, 404),
      },
    },
    async (request) => ok(await services.crawl.lastCrawl(request.principal!, request.body.projectId)),
  );
  done();
};
