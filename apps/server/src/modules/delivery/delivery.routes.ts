import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DELIVERY_MESSAGES,
  ERROR_CODES,
  cacheClearQuerySchema,
  countVisitRequestSchema,
  countVisitResponseSchema,
  deliveryParamsSchema,
  domainVerificationsRequestSchema,
  domainVerificationsResponseSchema,
  verifyScriptIntegrationRequestSchema,
  verifyScriptIntegrationResponseSchema,
  visitorFeedbackRequestSchema,
  visitorFeedbackResponseSchema,
  visitorSuggestionRequestSchema,
  visitorSuggestionResponseSchema,
  VISITOR_MESSAGES,
  deliverySettingsSchema,
  deliveryTranslationsQuerySchema,
  deliveryTranslationsSchema,
  popupCssFetchRequestSchema,
  popupCssResponseSchema,
  popupCssUpdateRequestSchema,
  reportSegmentsRequestSchema,
  reportSegmentsResponseSchema,
} from '@bhasha/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import { AppError } from '../../lib/app-error';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import type { VisitorRequest } from './delivery.service';

const tags = ['delivery'];
/** The caller's copy (If-None-Match) is current: no body. */
const notModifiedSchema = z.null().describe('Not modified');
const security = [{ token: [] }];
/** Reports are small: 100 segments of at most 5,000 characters, and some JSON around them. */
const REPORT_BODY_LIMIT = 640 * 1024;

// Per visitor IP. Offices share one address, so the reads are generous; the browser's cache
// (ETag, max-age) keeps real traffic far below them.
const READ_LIMIT = { max: 600, timeWindow: '1 minute' };
const REPORT_LIMIT = { max: 30, timeWindow: '1 minute' };
const VISIT_LIMIT = { max: 120, timeWindow: '1 minute' };
// People type suggestions and feedback: a handful a minute is plenty; a script hits the limit at once.
const VISITOR_MESSAGE_LIMIT = { max: 10, timeWindow: '1 minute' };

function visitorOf(request: FastifyRequest): VisitorRequest {
  return { origin: request.headers.origin, referer: request.headers.referer, client: request.ip };
}

/** Headers every answer to a visitor's browser carries: readable cross-origin, for that page only. */
function allowPage(reply: FastifyReply, allowOrigin: string | undefined): void {
  // Helmet's default (same-origin) would stop customers' pages from loading the script at all.
  reply.header('cross-origin-resource-policy', 'cross-origin');
  reply.header('vary', 'Origin');
  if (allowOrigin) reply.header('access-control-allow-origin', allowOrigin);
}

function cacheable(reply: FastifyReply, etag: string, maxAge: number): void {
  reply.header('etag', etag);
  reply.header('cache-control', `public, max-age=${maxAge}, must-revalidate`);
}

/**
 * Website delivery: the public calls bhasha.js makes from customers' pages (under /delivery, CORS
 * for the project's domains, rate-limited), the script itself, and the dashboard's snippet calls
 * of spec §7 (snippet/cache/clear, snippet/pop-up/css/update and fetch).
 */
export const deliveryRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'delivery' | 'scriptVerification' | 'snippetBundle'>;
}> = (app, { services }, done) => {
  const delivery = services.delivery;

  // A child scope, so the text/plain parser below applies to the visitors' calls only.
  app.register((scope, _options, registered) => {
    const visitorApi = scope.withTypeProvider<ZodTypeProvider>();
    // The snippet posts as text/plain, a CORS "simple" request: no preflight round trip per report.
    visitorApi.removeContentTypeParser('text/plain');
    visitorApi.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(AppError.validation(['The body is not valid JSON']), undefined);
        }
      },
    );

    visitorApi.get(
      '/delivery/bhasha.js',
      {
        config: { access: 'public', rateLimit: READ_LIMIT },
        schema: { tags, summary: 'The snippet script customers put on their pages' },
      },
      async (request, reply) => {
        const bundle = services.snippetBundle.read();
        if (!bundle) throw new AppError(404, ERROR_CODES.NOT_FOUND, DELIVERY_MESSAGES.snippetNotBuilt);
        allowPage(reply, '*');
        cacheable(reply, bundle.etag, 300);
        if (request.headers['if-none-match'] === bundle.etag) return reply.code(304).send();
        return reply.type('text/javascript; charset=utf-8').send(bundle.code);
      },
    );

    visitorApi.get(
      '/delivery/:projectId/settings',
      {
        config: { access: 'public', rateLimit: READ_LIMIT },
        schema: {
          tags,
          summary: 'Delivery settings of a project for the snippet (languages, exclusions, switcher CSS)',
          params: deliveryParamsSchema,
          response: { ...responses(deliverySettingsSchema, 400, 403, 404), 304: notModifiedSchema },
        },
      },
      async (request, reply) => {
        const answer = await delivery.settings(
          request.params.projectId,
          visitorOf(request),
          request.headers['if-none-match'],
        );
        allowPage(reply, answer.allowOrigin);
        cacheable(reply, answer.etag, 60);
        if (answer.notModified || !answer.body) return reply.code(304).send(null);
        return ok(answer.body);
      },
    );

    visitorApi.get(
      '/delivery/:projectId/translations',
      {
        config: { access: 'public', rateLimit: READ_LIMIT },
        schema: {
          tags,
          summary: 'Every translation of the project in one language (source hash → text), with ETag',
          params: deliveryParamsSchema,
          querystring: deliveryTranslationsQuerySchema,
          response: { ...responses(deliveryTranslationsSchema, 400, 403, 404), 304: notModifiedSchema },
        },
      },
      async (request, reply) => {
        const answer = await delivery.translations(
          request.params.projectId,
          request.query.lang,
          visitorOf(request),
          request.headers['if-none-match'],
        );
        allowPage(reply, answer.allowOrigin);
        cacheable(reply, answer.etag, 0);
        if (answer.notModified || !answer.body) return reply.code(304).send(null);
        return ok(answer.body);
      },
    );

    visitorApi.post(
      '/delivery/:projectId/segments',
      {
        config: { access: 'public', rateLimit: REPORT_LIMIT },
        schema: {
          tags,
          summary: 'Report segments seen on a page that the project may not know (new content)',
          params: deliveryParamsSchema,
          body: reportSegmentsRequestSchema,
          response: responses(reportSegmentsResponseSchema, 400, 403, 404, 429),
        },
      },
      async (request, reply) => {
        const { accepted, confirmed, allowOrigin } = await delivery.reportSegments(
          request.params.projectId,
          visitorOf(request),
          request.body,
        );
        allowPage(reply, allowOrigin);
        return ok({ accepted }, confirmed ? undefined : DELIVERY_MESSAGES.pageNotConfirmed);
      },
    );

    visitorApi.post(
      '/delivery/:projectId/visits',
      {
        config: { access: 'public', rateLimit: VISIT_LIMIT },
        schema: {
          tags,
          summary: 'Count a page view (URL, domain, language)',
          params: deliveryParamsSchema,
          body: countVisitRequestSchema,
          response: responses(countVisitResponseSchema, 400, 403, 404, 429),
        },
      },
      async (request, reply) => {
        const { counted, allowOrigin } = await delivery.countVisit(
          request.params.projectId,
          visitorOf(request),
          request.body,
        );
        allowPage(reply, allowOrigin);
        return ok({ counted });
      },
    );
    /** A visitor's message from the snippet (a suggestion or feedback): stored, answered with its id. */
    function visitorMessageRoute<Body extends z.ZodType>(route: {
      url: string;
      summary: string;
      body: Body;
      response: z.ZodType<{ id: string }>;
      store: (
        projectId: string,
        visitor: VisitorRequest,
        body: z.output<Body>,
      ) => Promise<{ id: string; allowOrigin: string | undefined }>;
      message: string;
    }): void {
      visitorApi.post(
        route.url,
        {
          config: { access: 'public', rateLimit: VISITOR_MESSAGE_LIMIT },
          schema: {
            tags,
            summary: route.summary,
            params: deliveryParamsSchema,
            body: route.body,
            response: responses(route.response, 400, 403, 404, 429),
          },
        },
        async (request, reply) => {
          const { id, allowOrigin } = await route.store(
            request.params.projectId,
            visitorOf(request),
            // The type provider cannot narrow a generic schema's output; `body` validated it.
            request.body as z.output<Body>,
          );
          allowPage(reply, allowOrigin);
          return ok({ id }, route.message);
        },
      );
    }

    visitorMessageRoute({
      url: '/delivery/:projectId/suggestions',
      summary: "A visitor's better translation of one segment (into the workspace's suggestions, status new)",
      body: visitorSuggestionRequestSchema,
      response: visitorSuggestionResponseSchema,
      store: (projectId, visitor, body) => delivery.suggest(projectId, visitor, body),
      message: VISITOR_MESSAGES.suggestionReceived,
    });
    visitorMessageRoute({
      url: '/delivery/:projectId/feedback',
      summary: "A visitor's feedback on a translated page (into the workspace's feedback)",
      body: visitorFeedbackRequestSchema,
      response: visitorFeedbackResponseSchema,
      store: (projectId, visitor, body) => delivery.feedback(projectId, visitor, body),
      message: VISITOR_MESSAGES.feedbackReceived,
    });
    registered();
  });

  app.get(
    '/snippet/cache/clear',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Make every cached delivery answer of the project stale',
        querystring: cacheClearQuerySchema,
        response: responses(z.null(), 400, 403, 404),
      },
    },
    async (request) => {
      await delivery.clearCache(request.principal!, request.query.projectId);
      return ok(null, DELIVERY_MESSAGES.cacheCleared);
    },
  );

  app.post(
    '/snippet/pop-up/css/update',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Save the language switcher CSS (refused when it could break out of <style>)',
        body: popupCssUpdateRequestSchema,
        response: responses(popupCssResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const css = await delivery.updatePopupCss(request.principal!, request.body.projectId, request.body.css);
      return ok({ css }, DELIVERY_MESSAGES.popupCssUpdated);
    },
  );

  app.post(
    '/snippet/pop-up/css/fetch',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'The language switcher CSS',
        body: popupCssFetchRequestSchema,
        response: responses(popupCssResponseSchema, 400, 404),
      },
    },
    async (request) => {
      return ok({ css: await delivery.fetchPopupCss(request.principal!, request.body.projectId) });
    },
  );
  app.post(
    '/parser/verifyScriptIntegration',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary:
          "Fetch a page of the project's site and check the snippet tag: domain verification level 1 script, 2 project id (3 once the snippet reports visits)",
        body: verifyScriptIntegrationRequestSchema,
        response: responses(verifyScriptIntegrationResponseSchema, 400, 403, 404),
      },
    },
    async (request) => {
      const { message, result } = await services.scriptVerification.verify(request.principal!, request.body);
      return ok(result, message);
    },
  );

  app.post(
    '/parser/domainVerifications',
    {
      config: { access: PROJECT_READER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: "The verification level of each of the project's domains (0 none … 3 client verified)",
        body: domainVerificationsRequestSchema,
        response: responses(domainVerificationsResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await services.scriptVerification.list(request.principal!, request.body.projectId)),
  );
  done();
};
