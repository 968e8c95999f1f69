import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@bhasha/contract';

/** Where the built dashboard is: WEB_DIST_DIR, or apps/web/dist of this checkout. */
export function resolveWebDist(configured: string | undefined): string | null {
  if (configured) return existsSync(join(configured, 'index.html')) ? resolve(configured) : null;
  try {
    const webPackage = createRequire(import.meta.url).resolve('@bhasha/web/package.json');
    const dist = join(dirname(webPackage), 'dist');
    return existsSync(join(dist, 'index.html')) ? dist : null;
  } catch {
    return null;
  }
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || url.startsWith('/socket.io');
}

/**
 * Serves the built dashboard at `/` with a history fallback: any GET outside /api that is no
 * file answers index.html, so the dashboard's router handles deep links. /api answers JSON 404s.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  if (distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (apps/web/build/precompress.ts): the
      // smallest one the browser accepts is sent as it is, with `vary: accept-encoding`.
      preCompressed: true,
      // Hashed asset names never change content; index.html must always be fresh.
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
    if (
      distDir &&
      !isApiPath(request.url) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      acceptsHtml
    ) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', distDir);
    }
    return reply.status(404).send({
      success: false,
      message: `No API route ${request.method} ${request.url.split('?')[0] ?? ''}`,
      type: ERROR_CODES.NOT_FOUND,
    });
  });
}
