import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeOf, failureSchema, type Endpoint, type SecurityScheme } from '@bhasha/contract';
import type { RouteAccess } from './access';

/** A Fastify instance (or plugin scope) with zod schemas as its type provider. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Defined<S> = S extends z.ZodType ? S : undefined;

/** The Fastify schema an endpoint yields, so handlers see typed body, query, params and reply. */
export interface EndpointSchema<E extends Endpoint> extends FastifySchema {
  body: Defined<E['request']>;
  querystring: Defined<E['query']>;
  params: Defined<E['params']>;
  headers: Defined<E['headers']>;
  response: E['response'] extends z.ZodType
    ? { 200: ReturnType<typeof envelopeOf<E['response']>> }
    : undefined;
}

/** The handler of an endpoint's route. */
export type EndpointHandler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  FastifyContextConfig,
  EndpointSchema<E>,
  ZodTypeProvider
>;

/** What a route adds to its contract entry: who may call it, further route config, the handler. */
export interface RouteDefinition<E extends Endpoint> extends Omit<FastifyContextConfig, 'access'> {
  /** Declared on every route; the authorization matrix walks it. */
  access: RouteAccess;
  handler: EndpointHandler<E>;
}

function securityOf(schemes: readonly SecurityScheme[]): Record<string, string[]>[] {
  return schemes.map((scheme) => ({ [scheme]: [] }));
}

/** The Fastify/OpenAPI schema of an endpoint: request schemas, documented answers, tags, summary. */
export function routeSchema(endpoint: Endpoint): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...endpoint.tags] };
  if (endpoint.security) schema.security = securityOf(endpoint.security);
  schema.summary = endpoint.summary;
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.consumes) schema.consumes = [...endpoint.consumes];
  if (endpoint.produces) schema.produces = [...endpoint.produces];
  if (endpoint.headers) schema.headers = endpoint.headers;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.request) schema.body = endpoint.request;
  const response: Record<number, z.ZodType> = {};
  if (endpoint.response) response[200] = envelopeOf(endpoint.response);
  for (const status of endpoint.failures ?? []) response[status] = failureSchema;
  Object.assign(response, endpoint.otherResponses);
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}

/**
 * Registers the route of a contract endpoint: method, url, tags, summary and schemas come from
 * the entry, access and the handler from the route module.
 */
export function defineRoute<E extends Endpoint>(
  app: ZodApp,
  endpoint: E,
  definition: RouteDefinition<E>,
): void {
  const { handler, ...config } = definition;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: routeSchema(endpoint),
    handler: handler as RouteHandlerMethod,
  });
}
