import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { markApiDocsPublic, openApiOptions, registerApiDocs } from './http/api-docs';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { safeTextValidatorCompiler } from './http/validator';
import { registerWebApp, resolveWebDist } from './http/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { registrationRoutes } from './modules/auth/registration.routes';
import { usersRoutes } from './modules/users/users.routes';
import { organisationsRoutes } from './modules/organisations/organisations.routes';
import { healthRoutes } from './modules/health/health.routes';
import { projectsRoutes } from './modules/projects/projects.routes';
import { crawlRoutes } from './modules/crawl/crawl.routes';
import { scopeRoutes } from './modules/scope/scope.routes';
import { ignorePatternsRoutes } from './modules/projects/ignore-patterns.routes';
import { translationRoutes } from './modules/translation/translation.routes';
import { suggestionsRoutes } from './modules/suggestions/suggestions.routes';
import { collaboratorsRoutes } from './modules/collaborators/collaborators.routes';
import { machineTranslationRoutes } from './modules/machine-translation/machine-translation.routes';
import { glossaryRoutes } from './modules/glossary/glossary.routes';
import { translationMemoryRoutes } from './modules/translation-memory/translation-memory.routes';
import { transliterationRoutes } from './modules/transliteration/transliteration.routes';
import { deliveryRoutes } from './modules/delivery/delivery.routes';
import { proxyRoutes, registerTranslatingProxy } from './modules/proxy/proxy.routes';
import { projectSettingsRoutes } from './modules/project-settings/project-settings.routes';
import { manualTranslationRoutes } from './modules/manual-translation/manual-translation.routes';
import { registerApiKeyGate } from './modules/api-keys/api-key-gate';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { appFilesRoutes } from './modules/app-files/app-files.routes';
import { loggerOptions } from './lib/logger';
import { createServices, servicesFor, type AppDeps, type Services } from './services';

export const API_PREFIX = '/api';

/** Builds the HTTP application: plugins, the error envelope, access rules, routes, the dashboard. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { env } = deps.config;
  const services = createServices(deps);
  const app = Fastify({
    // The process logger's redaction list and error serializer apply to request logs too.
    logger:
      env.LOG_LEVEL === 'silent'
        ? false
        : {
            ...loggerOptions(env.LOG_LEVEL),
            ...(deps.logDestination ? { stream: deps.logDestination } : {}),
          },
    routerOptions: { ignoreTrailingSlash: true },
    // Only the proxies TRUST_PROXY names may set the client IP that rate limits key on.
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(safeTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // Translated pages answer before helmet, rate limits and authentication (ADR 0017).
  registerTranslatingProxy(app, services.proxy);

  await app.register(helmet, {
    // antd injects its styles at run time; scripts stay same-origin only.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Browsers would fetch every asset over https and leave a plain-HTTP install (an
        // intranet on HOST=0.0.0.0) blank; only an https public address asks for the upgrade.
        upgradeInsecureRequests: deps.config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  });
  if (env.CORS_ORIGINS.length > 0) await app.register(cors, { origin: env.CORS_ORIGINS, credentials: true });
  await app.register(rateLimit, { max: env.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
  await app.register(swagger, openApiOptions());

  // Background work (e-mail) started by requests finishes before the app closes; a mailer the
  // services made themselves is closed with the app, one passed in belongs to the caller.
  app.addHook('onClose', async () => {
    await services.background.drain();
    await services.fuzzyIndexes.close();
    if (!deps.mailer) await services.mailer.close();
  });
  markApiDocsPublic(app);
  const organisationKeys = registerApiKeyGate(app, {
    service: services.apiKeys,
    background: services.background,
    perKeyPerMinute: env.API_KEY_RATE_LIMIT_PER_MINUTE,
  });
  registerAuthentication(app, services.sessions, organisationKeys);
  await registerApiDocs(app);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { services: servicesFor(services, 'config', 'handle') });
      await api.register(authRoutes, {
        services: servicesFor(services, 'auth', 'config', 'uiConfig', 'users'),
      });
      await api.register(registrationRoutes, { services: servicesFor(services, 'config', 'registration') });
      await api.register(usersRoutes, { services: servicesFor(services, 'projectAccess', 'users') });
      await api.register(organisationsRoutes, { services: servicesFor(services, 'organisations') });
      await api.register(projectsRoutes, { services: servicesFor(services, 'projects') });
      await api.register(crawlRoutes, { services: servicesFor(services, 'crawl') });
      await api.register(scopeRoutes, { services: servicesFor(services, 'scope') });
      await api.register(ignorePatternsRoutes, { services: servicesFor(services, 'ignorePatterns') });
      await api.register(translationRoutes, {
        services: servicesFor(services, 'translationEdits', 'translationQueries', 'translationReports'),
      });
      await api.register(suggestionsRoutes, { services: servicesFor(services, 'suggestions') });
      await api.register(collaboratorsRoutes, { services: servicesFor(services, 'collaborators') });
      await api.register(machineTranslationRoutes, { services: servicesFor(services, 'machineTranslation') });
      await api.register(glossaryRoutes, { services: servicesFor(services, 'glossary') });
      await api.register(transliterationRoutes, { services: servicesFor(services, 'transliteration') });
      await api.register(deliveryRoutes, {
        services: servicesFor(services, 'delivery', 'scriptVerification', 'snippetBundle'),
      });
      await api.register(proxyRoutes, {
        services: servicesFor(services, 'domainOwnership', 'handle', 'proxy', 'proxyAdmin'),
      });
      await api.register(projectSettingsRoutes, { services: servicesFor(services, 'projectSettings') });
      await api.register(translationMemoryRoutes, { services: servicesFor(services, 'translationMemory') });
      await api.register(manualTranslationRoutes, { services: servicesFor(services, 'manualTranslation') });
      await api.register(apiKeysRoutes, { services: servicesFor(services, 'apiKeys') });
      await api.register(webhooksRoutes, { services: servicesFor(services, 'webhooks') });
      await api.register(appFilesRoutes, { services: servicesFor(services, 'appFiles') });
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, resolveWebDist(env.WEB_DIST_DIR));
  return { app, services };
}
