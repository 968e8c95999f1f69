import type { FastifyInstance } from 'fastify';
import type { FastifyDynamicSwaggerOptions, SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTH_HEADER, failureSchema } from '@bhasha/contract';
import { APIKEY_HEADER } from './authenticate';

/** Where the reference page lives; its document is at `${API_DOCS_PREFIX}/json`. */
export const API_DOCS_PREFIX = '/api/docs';

/** The feature groups of the reference, in reading order (each route names one in `tags`). */
const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'system', description: 'Health of the server.' },
  { name: 'auth', description: 'Signing in and out, sessions, passwords.' },
  { name: 'registration', description: 'Sign-up, e-mail and phone verification.' },
  { name: 'users', description: 'Users of an organisation, their roles and their apikey.' },
  { name: 'organisations', description: 'Organisations and their plans.' },
  { name: 'projects', description: 'Website projects: create, list, details, delete.' },
  { name: 'crawl', description: "Crawling a website project's pages." },
  { name: 'scope', description: 'Which pages of a website are translated.' },
  { name: 'translation', description: 'Strings, their translations and the editor.' },
  { name: 'machine translation', description: 'Machine translation runs, engines and usage.' },
  { name: 'transliteration', description: 'Writing strings in the target script.' },
  { name: 'translation memory', description: 'The translation memory and TMX import and export.' },
  { name: 'suggestions', description: "Visitors' suggested translations." },
  { name: 'collaborators', description: 'Collaborators assigned to projects.' },
  { name: 'project settings', description: 'Languages, engines, switcher and delivery settings.' },
  { name: 'delivery', description: 'Serving translated websites: snippet and proxy.' },
  { name: 'manual-translation', description: 'Human translation orders and their desk.' },
  { name: 'webhooks', description: 'Outgoing webhooks: endpoints, signed deliveries, retries.' },
  { name: 'mobile apps', description: 'String files of mobile-app projects: upload, new versions, export.' },
  { name: 'api-keys', description: 'Organisation API keys for CI and scripts, and their audit log.' },
];

/** Failure answers documented on every call where they can occur, as reusable responses. */
const FAILURES = {
  400: { name: 'BadRequest', description: 'The request is invalid; `data` lists what is wrong.' },
  401: { name: 'Unauthorized', description: 'No valid token or API key was sent.' },
  403: { name: 'Forbidden', description: "The caller's role may not make this call." },
  404: { name: 'NotFound', description: 'The resource does not exist or belongs to another organisation.' },
  429: { name: 'TooManyRequests', description: 'Too many requests; wait and try again.' },
} as const;
type FailureStatus = keyof typeof FAILURES;

interface Operation {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  parameters?: Array<{ name?: string; in?: string }>;
  responses?: Record<string, unknown>;
}

/** Whether a call names a resource by id (body field, path or query parameter ending in Id/id). */
function namesResource(path: string, operation: Operation): boolean {
  if (/\{[^}]*[iI]d\}/.test(path)) return true;
  if (operation.parameters?.some((parameter) => /(^id|Id)$/.test(parameter.name ?? ''))) return true;
  const bodySchema = Object.values(operation.requestBody?.content ?? {})[0]?.schema as
    { properties?: Record<string, unknown> } | undefined;
  return Object.keys(bodySchema?.properties ?? {}).some((name) => /(^id|Id)$/.test(name));
}

/** The failure statuses a call can answer, from what it takes and how it is authorised. */
function failuresOf(path: string, operation: Operation): FailureStatus[] {
  const statuses: FailureStatus[] = [];
  const takesInput = Boolean(operation.requestBody) || (operation.parameters?.length ?? 0) > 0;
  if (takesInput) statuses.push(400);
  if ((operation.security?.length ?? 0) > 0) statuses.push(401, 403);
  if (namesResource(path, operation)) statuses.push(404);
  statuses.push(429);
  return statuses;
}

/** The generated document as @fastify/swagger hands it over. */
interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> } & Record<
    string,
    unknown
  >;
  [key: string]: unknown;
}

/**
 * Completes the generated document in one place rather than on each route: the failure
 * envelope and the responses that use it on every call, and the API key accepted wherever a
 * token is (authenticate.ts takes either header).
 */
export function completeOpenApiDocument(document: OpenApiDocument): OpenApiDocument {
  const responses: Record<string, unknown> = {};
  for (const { name, description } of Object.values(FAILURES))
    responses[name] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
    };
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths))
    for (const operation of Object.values(item)) {
      if (operation.security?.some((requirement) => 'token' in requirement))
        operation.security = [{ token: [] }, { apikey: [] }];
      const answers = (operation.responses ??= {});
      const declared = Object.keys(answers).map(Number);
      const statuses = new Set<number>([...failuresOf(path, operation), ...declared]);
      for (const status of statuses) {
        const failure = FAILURES[status as FailureStatus];
        if (failure) answers[String(status)] = { $ref: `#/components/responses/${failure.name}` };
      }
    }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: {
        ...document.components?.schemas,
        Failure: z.toJSONSchema(failureSchema, { target: 'openapi-3.0' }),
      },
      responses: { ...document.components?.responses, ...responses },
    },
  };
}

/** Options of @fastify/swagger: the document's header, feature tags, security schemes, errors. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Bhasha API',
        version: '0.1.0',
        description: [
          'Every call of the Bhasha dashboard and of the `bhasha` command-line client.',
          '',
          'Answers are an envelope: `{ success: true, message, data }`, or `{ success: false, message }`',
          'with the HTTP status of the failure (validation failures add `type: "VALIDATION_ERROR"` and',
          '`data`, the list of problems).',
          '',
          `Authenticate with \`${AUTH_HEADER}: <token>\` (from POST /api/auth) and a \`timezone\` header,`,
          `or from scripts and CI with \`${APIKEY_HEADER}: <key>\`.`,
        ].join('\n'),
      },
      tags: [...TAGS],
      components: {
        securitySchemes: {
          token: {
            type: 'apiKey',
            in: 'header',
            name: AUTH_HEADER,
            description: 'The token POST /api/auth answers (dashboard sessions).',
          },
          apikey: {
            type: 'apiKey',
            in: 'header',
            name: APIKEY_HEADER,
            description:
              "An API key for scripts, CI and the bhasha CLI: a user's key (`bhk_…`) or an organisation API key (`bhk_live_…`, also accepted as `Authorization: Bearer`), ADR 0042.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) =>
      'openapiObject' in input
        ? (completeOpenApiDocument(
            input.openapiObject as unknown as OpenApiDocument,
          ) as ReturnType<SwaggerTransformObject>)
        : input.swaggerObject,
  };
}

/**
 * Marks the reference's routes public before the access check sees them: the reference documents
 * the API and holds no data. Call before registerAuthentication so the mark is in place.
 */
export function markApiDocsPublic(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (route.url === API_DOCS_PREFIX || route.url.startsWith(`${API_DOCS_PREFIX}/`))
      route.config = { ...route.config, access: 'public' };
  });
}

/**
 * The reference page at /api/docs (Swagger UI, every asset served by this server, nothing from a
 * CDN) and the document at /api/docs/json.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true, tryItOutEnabled: false },
    // No badge from validator.swagger.io: the page talks to this server only.
    validatorUrl: false,
    theme: { title: 'Bhasha API reference' },
  });
}
