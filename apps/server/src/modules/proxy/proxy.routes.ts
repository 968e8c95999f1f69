import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  PROXY_MESSAGES,
  domainOwnershipListRequestSchema,
  domainOwnershipListResponseSchema,
  domainOwnershipVerifyRequestSchema,
  domainOwnershipVerifyResponseSchema,
  addUrlTranslationsRequestSchema,
  previewUrlRequestSchema,
  previewUrlResponseSchema,
  updateTranslatedUrlRequestSchema,
  urlTranslationsResponseSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { listenForDeliveryChanges } from './delivery-change-listener';
import type { ProxyRequest, ProxyService } from './proxy.service';

const PREVIEW_PREFIX = '/proxy-preview/';
const tags = ['scope'];
const security = [{ token: [] }];

/**
 * Serves translated pages before any other hook (ADR 0017): requests on a language host or
 * language path of a project domain, and preview links. They answer with the origin's own headers
 * (not the dashboard's CSP or rate limits) and never reach the API routes.
 */
export function registerTranslatingProxy(app: FastifyInstance, proxy: ProxyService): void {
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url.startsWith('/socket.io/')) return;
    const proxyRequest: ProxyRequest = {
      method: request.method,
      host: request.headers.host ?? '',
      url,
      protocol: request.protocol === 'https' ? 'https' : 'http',
      headers: request.headers,
      clientIp: request.ip,
    };
    let response;
    if (url.startsWith(PREVIEW_PREFIX)) {
      const rest = url.slice(PREVIEW_PREFIX.length);
      const slash = rest.indexOf('/');
      const token = slash < 0 ? rest : rest.slice(0, slash);
      response = await proxy.preview(token, slash < 0 ? '' : rest.slice(slash + 1), proxyRequest);
    } else {
      response = await proxy.handle(proxyRequest);
    }
    if (!response) return;
    reply.hijack();
    reply.raw.writeHead(response.status, { ...response.headers, 'content-length': response.body.length });
    reply.raw.end(request.method === 'HEAD' ? undefined : response.body);
  });
}

/** The dashboard's proxy calls (spec §7 "Scope and crawl"). */
export const proxyRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'domainOwnership' | 'handle' | 'proxy' | 'proxyAdmin'>;
}> = (app, { services }, done) => {
  const admin = services.proxyAdmin;

  app.post(
    '/scope/getPreviewUrl',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'A signed, expiring link that opens a project page in a language before publishing',
        body: previewUrlRequestSchema,
        response: responses(previewUrlResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await admin.previewUrl(request.principal!, request.body), PROXY_MESSAGES.previewCreated),
  );

  app.post(
    '/scope/addUrlTranslations',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Add translated URL slugs of pages in one language',
        body: addUrlTranslationsRequestSchema,
        response: responses(urlTranslationsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await admin.addUrlTranslations(request.principal!, request.body),
        PROXY_MESSAGES.urlTranslationsSaved,
      ),
  );

  app.post(
    '/scope/updateTranslatedUrl',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Change (or, with an empty translatedUrl, remove) the translated URL of one page',
        body: updateTranslatedUrlRequestSchema,
        response: responses(urlTranslationsResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await admin.updateTranslatedUrl(request.principal!, request.body),
        PROXY_MESSAGES.urlTranslationUpdated,
      ),
  );

  app.post(
    '/domain/ownership/list',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          "Each domain's proof of control for the translating proxy: the DNS TXT record or /.well-known/ file to publish, and its status (verified, pending, taken by another project)",
        body: domainOwnershipListRequestSchema,
        response: responses(domainOwnershipListResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await services.domainOwnership.list(request.principal!, request.body.projectId)),
  );

  app.post(
    '/domain/ownership/verify',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          "Look for the domain's DNS TXT record, then its /.well-known/ file; when found, the proxy serves the domain for this project",
        body: domainOwnershipVerifyRequestSchema,
        response: responses(domainOwnershipVerifyResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { message, domain } = await services.domainOwnership.verify(request.principal!, request.body);
      return ok({ domain }, message);
    },
  );

  // Instant purge (ADR 0017): changes committed by any process reach this one's proxy at once.
  const changes = listenForDeliveryChanges(
    services.handle,
    (projectId) => services.proxy.invalidate(projectId),
    (message) => app.log.warn(message),
  );
  app.addHook('onReady', async () => {
    await changes.ready;
  });
  app.addHook('onClose', async () => {
    await changes.close();
    await services.proxy.close();
  });
  done();
};
