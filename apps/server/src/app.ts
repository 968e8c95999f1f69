import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAuthentication } from './http/authenticate';
import { registerErrorHandler } from './http/error-handler';
import { registerWebApp, resolveWebDist } from './http/web-app';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { createServices, type AppDeps, type Services } from './services';

export const API_PREFIX = '/api';

/** Builds the HTTP application: plugins, the error envelope, access rules, routes, the dashboard. */
export async function buildApp(deps: AppDeps): Promise<{ app: FastifyInstance; services: Services }> {
  const { env } = deps.config;
  const services = createServices(deps);
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, redact: ['req.headers.authorization'] },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

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
      },
    },
  });
  if (env.CORS_ORIGINS.length > 0) await app.register(cors, { origin: env.CORS_ORIGINS, credentials: true });
  await app.register(rateLimit, { max: env.RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Bhasha API', version: '0.1.0', description: 'Every call of the Bhasha dashboard (spec §7).' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  registerAuthentication(app, services.sessions);
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { services });
      await api.register(authRoutes, { services });
    },
    { prefix: API_PREFIX },
  );
  await registerWebApp(app, resolveWebDist(env.WEB_DIST_DIR));
  return { app, services };
}
