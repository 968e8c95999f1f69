// A child process serving one proxy under test on a loopback port (the load generator runs in the
// parent, so the two do not share an event loop). MODE: naive | bhasha | bhasha-cached | bhasha-noplan
// (nothing memoised: every page parsed and rendered) | bhasha-norender (plans memoised, every response rendered).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Parser } from 'htmlparser2';
import { Agent, request } from 'undici';
import { collapseHtmlWhitespace, escapeHtmlAttribute, escapeHtmlText, VOID_ELEMENTS } from '@bhasha/engine';
import { createOriginFetcher } from '../../../apps/server/src/modules/proxy/origin-fetcher';
import { createPreviewTokens } from '../../../apps/server/src/modules/proxy/preview-token';
import type { ProxySite } from '../../../apps/server/src/modules/proxy/proxy.repository';
import type { ProxySiteSource } from '../../../apps/server/src/modules/proxy/proxy-site-cache';
import { createProxyService, type ProxyResponse } from '../../../apps/server/src/modules/proxy/proxy.service';
import { benchPageNames, buildBenchTm } from './bench-pages';

const MODE = process.env.MODE ?? 'naive';
const ORIGIN = process.env.ORIGIN_URL!;
const CONNECTIONS = 64;
const tm = buildBenchTm(benchPageNames());

/**
 * The naive baseline: fetch the page, parse it with htmlparser2 (SAX) and write it back out from the
 * events, translating text nodes, title and alt/title attributes by a map lookup on their text.
 */
function createNaiveProxy() {
  const agent = new Agent({ connections: CONNECTIONS });
  return async (path: string): Promise<ProxyResponse> => {
    const origin = await request(`${ORIGIN}${path}`, { dispatcher: agent });
    const html = await origin.body.text();
    let out = '';
    let raw = 0;
    const parser = new Parser(
      {
        onprocessinginstruction: (_name, data) => {
          out += `<${data}>`;
        },
        onopentag: (name, attributes) => {
          if (name === 'script' || name === 'style') raw += 1;
          out += `<${name}`;
          for (const [attribute, value] of Object.entries(attributes)) {
            const translated =
              attribute === 'alt' || attribute === 'title'
                ? tm.byText.get(collapseHtmlWhitespace(value))
                : undefined;
            out += ` ${attribute}="${escapeHtmlAttribute(translated ?? value)}"`;
          }
          out += '>';
        },
        onclosetag: (name) => {
          if (name === 'script' || name === 'style') raw -= 1;
          if (!VOID_ELEMENTS.has(name)) out += `</${name}>`;
        },
        ontext: (text) => {
          if (raw > 0) {
            out += text;
            return;
          }
          const translated = tm.byText.get(collapseHtmlWhitespace(text));
          out += escapeHtmlText(translated ?? text);
        },
        oncomment: (data) => {
          out += `<!--${data}-->`;
        },
      },
      { decodeEntities: true },
    );
    parser.end(html);
    return {
      status: origin.statusCode,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: Buffer.from(out),
    };
  };
}

/** Bhasha's proxy service with the benchmark's TM in memory instead of the database. */
function createBhashaProxy() {
  const cached = MODE === 'bhasha-cached';
  const site: ProxySite = {
    projectId: 'bench',
    organisationId: 'bench',
    sourceLanguage: 'en',
    languages: ['hi', 'ta'],
    settings: { cacheEnabled: cached },
    // bench.test: the same origin addressed as `{lang}.bench.test` (subdomain mode, for the byte check).
    domains: [
      { hostname: '127.0.0.1', origin: ORIGIN },
      { hostname: 'bench.test', origin: ORIGIN },
    ],
    cacheVersion: 0,
  };
  const rows = [...tm.bySourceHash].map(([sourceHash, text]) => ({ sourceHash, text }));
  const source: ProxySiteSource = {
    findSiteByHost: (host) =>
      Promise.resolve(host === '127.0.0.1' || host === 'bench.test' ? site : undefined),
    loadSite: () => Promise.resolve(site),
    translationsFingerprint: (_projectId, language) => Promise.resolve(`${language}-1`),
    listTranslations: (_projectId, language) => Promise.resolve(language === 'hi' ? rows : []),
    listSitemapUrls: () => Promise.resolve([]),
    listUrlTranslations: () => Promise.resolve([]),
  };
  const proxy = createProxyService({
    source,
    fetcher: createOriginFetcher({
      allowPrivateNetwork: true,
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 15_000,
      connectionsPerOrigin: CONNECTIONS,
    }),
    tokens: createPreviewTokens(new TextEncoder().encode('bench-secret')),
    settings: {
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 15_000,
      cacheBytes: cached ? 512 * 1024 * 1024 : 0,
      revalidateMs: 2_000,
      forwardCookies: [],
      renderBaseUrl: 'http://render.invalid',
      previewTtlMs: 3_600_000,
      ...(MODE === 'bhasha-noplan' ? { planCacheBytes: 0, renderCacheBytes: 0 } : {}),
      ...(MODE === 'bhasha-norender' ? { renderCacheBytes: 0 } : {}),
    },
  });
  return (request: IncomingMessage) =>
    proxy.handle({
      method: request.method ?? 'GET',
      host: request.headers.host ?? '',
      url: request.url ?? '/',
      protocol: 'http',
      headers: request.headers,
      clientIp: request.socket.remoteAddress ?? '',
    });
}

const naive = MODE === 'naive' ? createNaiveProxy() : undefined;
const bhasha = MODE === 'naive' ? undefined : createBhashaProxy();

function send(response: ServerResponse, answer: ProxyResponse | undefined): void {
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
}

const server = createServer((request, response) => {
  const answer = naive ? naive(request.url ?? '/') : bhasha!(request);
  answer.then(
    (result) => send(response, result),
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});
server.keepAliveTimeout = 120_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', port });
});
// Event-loop delay while under load: big synchronous work or GC pauses show here as the p99.
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') loopDelay.reset();
  if (message.type === 'stats') {
    process.send?.({
      type: 'stats',
      loopDelayP50: loopDelay.percentile(50) / 1e6,
      loopDelayP99: loopDelay.percentile(99) / 1e6,
      loopDelayMax: loopDelay.max / 1e6,
    });
  }
  if (message.type === 'stop') server.close(() => process.exit(0));
});
