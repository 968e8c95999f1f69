import { hash } from 'node:crypto';
import { getLanguageDirection, isLanguageCode } from '@bhasha/contract';
import { planPage, renderPage, rewriteCssUrls, type PagePlan } from '@bhasha/engine';
import { deliverySettingsOf, extractOptionsOf } from '../project-settings/delivery-settings-reader';
import { ByteLru } from './byte-lru';
import { errorPage } from './error-page';
import { OriginError, PROXY_LOOP_HEADER, type OriginFetcher } from './origin-fetcher';
import type { PreviewTokens } from './preview-token';
import { createProxySiteCache, type LanguageState, type ProxySiteSource } from './proxy-site-cache';
import { createLinkRewriter, domainOf, publicHostsOf, publicUrl, type ProxyAddress } from './proxy-urls';
import type { ProxySite } from './proxy.repository';
import { buildSeoTags, buildSitemap, type Alternate } from './seo-tags';

/** A visitor's request as the proxy sees it (framework-free, so the benchmark drives the same code). */
export interface ProxyRequest {
  method: string;
  /** The Host header, port included. */
  host: string;
  /** Path and query as received. */
  url: string;
  protocol: 'http' | 'https';
  headers: Readonly<Record<string, string | string[] | undefined>>;
  clientIp: string;
}

export interface ProxyResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface ProxySettings {
  /** Largest origin answer read, in bytes; larger pages are refused. */
  maxBytes: number;
  timeoutMs: number;
  /** Memory for translated pages (LRU by bytes). */
  cacheBytes: number;
  /** How long site settings and translations are trusted before the database is asked again. */
  revalidateMs: number;
  /** Cookie names passed to origins (the rest are never sent); requests carrying any skip the cache. */
  forwardCookies: readonly string[];
  /** RENDER_BASE_URL: the host serving previews. */
  renderBaseUrl: string;
  previewTtlMs: number;
  /** Memory for page plans, memoised by body hash (default 128 MB; 0 parses every fetched page). */
  planCacheBytes?: number;
  /**
   * Memory for rendered pages memoised by the origin body's hash and everything else the output
   * depends on (default half the plan memory; 0 renders every response). Unlike the page cache the
   * origin is fetched on every request, so a changed page shows at once.
   */
  renderCacheBytes?: number;
}

/** Request headers passed to the origin (the visitor's device and language may shape the page). */
const FORWARDED_REQUEST_HEADERS = ['user-agent', 'accept', 'accept-language'] as const;
/** Origin response headers passed to the visitor; the rest (set-cookie, etag of the source bytes…) stay behind. */
const PASSED_RESPONSE_HEADERS = [
  'content-type',
  'cache-control',
  'expires',
  'last-modified',
  'content-security-policy',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
  'x-content-type-options',
  'content-disposition',
] as const;
const LANGUAGE_SEGMENT = /^\/([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)(\/[^?]*)?(\?.*)?$/;
const SITEMAP_LIMIT = 50_000;
/**
 * Pages planned once per distinct body: memory for those plans. A plan costs about 3 bytes per
 * character of an ASCII page (measured on the 258 htmlparser-benchmark pages: 24.6 M characters,
 * 50 MB of plan structures besides the page string they slice). An LRU smaller than the pages a
 * site cycles through never hits, so this is sized for a site of a few hundred large pages.
 */
const PLAN_CACHE_BYTES = 128 * 1024 * 1024;
/** Memory for origin validators (ETag, plan key and headers per source URL). */
const VALIDATOR_BYTES = 16 * 1024 * 1024;

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function languageIn(languages: readonly string[], candidate: string): string | undefined {
  const lower = candidate.toLowerCase();
  return languages.find((code) => code.toLowerCase() === lower);
}

function splitHost(host: string): { hostname: string; port: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(:\d+)?$/.exec(host.trim().toLowerCase());
  return { hostname: match?.[1] ?? '', port: match?.[2] ?? '' };
}

const isHtml = (contentType: string) => /^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType);
const isCss = (contentType: string) => /^\s*text\/css\b/i.test(contentType);
const isUtf8 = (contentType: string) => {
  const charset = /charset\s*=\s*"?([^;"\s]+)/i.exec(contentType)?.[1];
  return charset === undefined || /^utf-?8$/i.test(charset);
};

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What one request is for: a site's page in a language, addressed one way. */
interface Target {
  site: ProxySite;
  language: string;
  address: ProxyAddress;
  /** The source page's URL at the origin. */
  source: URL;
  /** The translated page's URL as the visitor sees it. */
  publicPage: URL;
  isPreview: boolean;
}

/**
 * The translating proxy (DESIGN.md §5 "Website delivery", ADR 0017): finds the site and language a
 * request is for, fetches the origin page, translates it from the translation memory by splicing
 * the original bytes (see `renderPage`), adds hreflang and canonical, and caches the result until
 * the project's translations, slugs or cache version change.
 */
export function createProxyService(deps: {
  source: ProxySiteSource;
  fetcher: OriginFetcher;
  tokens: PreviewTokens;
  settings: ProxySettings;
  now?: () => number;
}) {
  const { source, fetcher, tokens, settings } = deps;
  const now = deps.now ?? (() => Date.now());
  const sites = createProxySiteCache(source, settings.revalidateMs, now);
  const pages = new ByteLru<CachedPage>(settings.cacheBytes);
  const planCacheBytes = settings.planCacheBytes ?? PLAN_CACHE_BYTES;
  const plans = new ByteLru<PagePlan>(planCacheBytes);
  const renders = new ByteLru<Buffer>(settings.renderCacheBytes ?? Math.floor(planCacheBytes / 2));
  let planCount = 0;
  /** Origin validators of pages whose plan is held, by project and source URL. */
  const validators = new ByteLru<{ etag: string; planKey: string; headers: Record<string, string> }>(
    VALIDATOR_BYTES,
  );

  /** The key of a page body's plan: its hash and the settings that change what is a segment. */
  function planKeyOf(site: ProxySite, body: Buffer): string {
    return `${site.projectId}|${hash('sha1', body, 'base64url')}|${JSON.stringify(site.settings.noTranslateSelectors ?? [])}|${JSON.stringify(site.settings.ignorePatterns ?? [])}`;
  }

  function planOf(site: ProxySite, key: string, body: Buffer): PagePlan {
    let plan = plans.get(key);
    if (!plan) {
      const html = body.toString('utf8');
      plan = planPage(html, extractOptionsOf(deliverySettingsOf(site.settings)));
      planCount += 1;
      // The page string (1 byte a character when Latin-1, 2 otherwise: body bytes bound both)
      // and the plan's arrays and attribute objects (about 2 bytes a character, measured).
      plans.set(key, plan, html.length * 2 + body.length);
    }
    return plan;
  }

  // Link answers depend on the page, language, address and slugs only: kept with the plan, so a
  // page fetched again does not resolve its hundreds of links again.
  const linkMemos = new WeakMap<PagePlan, { context: string; links: Map<string, string | undefined> }>();
  function memoisedLinks(
    plan: PagePlan,
    context: string,
    rewrite: (value: string) => string | undefined,
  ): (value: string) => string | undefined {
    let memo = linkMemos.get(plan);
    if (memo?.context !== context) {
      memo = { context, links: new Map() };
      linkMemos.set(plan, memo);
    }
    const { links } = memo;
    return (value) => {
      if (links.has(value)) return links.get(value);
      const answer = rewrite(value);
      links.set(value, answer);
      return answer;
    };
  }

  function alternatesOf(target: Target, state: Map<string, LanguageState>): Alternate[] {
    const { site, source: page, address } = target;
    const list: Alternate[] = [{ hreflang: site.sourceLanguage, href: page.href }];
    for (const language of site.languages) {
      const slugs = state.get(language)?.slugs ?? new Map<string, string>();
      list.push({ hreflang: language, href: publicUrl(address, language, page, slugs).href });
    }
    list.push({ hreflang: 'x-default', href: page.href });
    return list;
  }

  /** The canonical: the translated page itself (default), or the source page when the project says so (meta.canonical off). */
  function canonicalOf(target: Target, plan: PagePlan, slugs: ReadonlyMap<string, string>): string {
    let declared = target.source;
    if (plan.canonicalHref !== undefined) {
      try {
        const url = new URL(plan.canonicalHref, target.source);
        if (domainOf(target.site, url.hostname)) declared = url;
      } catch {
        // An unreadable canonical is ignored: the page itself is canonical.
      }
    }
    if (target.site.settings.flags?.['meta.canonical'] === false) return declared.href;
    return publicUrl(target.address, target.language, declared, slugs).href;
  }

  async function languageStates(target: Target): Promise<Map<string, LanguageState>> {
    const codes = target.isPreview
      ? [target.language]
      : [...new Set([target.language, ...target.site.languages])];
    const states = await Promise.all(codes.map((code) => sites.language(target.site.projectId, code)));
    return new Map(codes.map((code, index) => [code, states[index]!]));
  }

  function originHeaders(request: ProxyRequest): { headers: Record<string, string>; hasCookies: boolean } {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = header(request.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    headers['x-forwarded-for'] = request.clientIp;
    headers['x-forwarded-host'] = request.host;
    headers['x-forwarded-proto'] = request.protocol;
    let hasCookies = false;
    const cookie = header(request.headers.cookie);
    if (cookie && settings.forwardCookies.length > 0) {
      const kept = cookie
        .split(';')
        .map((part) => part.trim())
        .filter((part) => settings.forwardCookies.includes(part.slice(0, part.indexOf('=')).trim()));
      if (kept.length > 0) {
        headers.cookie = kept.join('; ');
        hasCookies = true;
      }
    }
    return { headers, hasCookies };
  }

  function failure(error: unknown): ProxyResponse {
    const [status, title] =
      error instanceof OriginError
        ? error.reason === 'private-address'
          ? [403, 'This site’s address is not allowed']
          : error.reason === 'too-large'
            ? [502, 'This page is too large to translate']
            : error.reason === 'timeout'
              ? [504, 'The website did not answer in time']
              : [502, 'The website could not be reached']
        : [500, 'The page could not be translated'];
    const detail = error instanceof Error ? error.message : String(error);
    return html(status, errorPage(status, title, detail), { 'cache-control': 'no-store' });
  }

  function html(status: number, body: string, extra: Record<string, string> = {}): ProxyResponse {
    return {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', ...extra },
      body: Buffer.from(body),
    };
  }

  async function sitemap(target: Target): Promise<ProxyResponse> {
    const states = await languageStates(target);
    const urls = await source.listSitemapUrls(target.site.projectId, SITEMAP_LIMIT);
    const slugs = states.get(target.language)!.slugs;
    const entries = urls.flatMap((url) => {
      try {
        const page = new URL(url);
        const pageTarget = { ...target, source: page };
        return [
          {
            loc: publicUrl(target.address, target.language, page, slugs).href,
            alternates: alternatesOf(pageTarget, states),
          },
        ];
      } catch {
        return [];
      }
    });
    return {
      status: 200,
      headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
      body: Buffer.from(buildSitemap(entries)),
    };
  }

  /** Renders a planned page for a target: translations, links, SEO tags, font size (see `renderPage`). */
  function render(
    target: Target,
    states: Map<string, LanguageState>,
    plan: PagePlan,
    addressKey: string,
  ): Buffer {
    const { site, language } = target;
    const state = states.get(language)!;
    const translations = state.translations;
    const rewrite = memoisedLinks(
      plan,
      `${language}|${addressKey}|${target.source.href}|${state.version}`,
      createLinkRewriter({
        site,
        address: target.address,
        language,
        page: target.source,
        publicPage: target.publicPage,
        ...(plan.baseHref !== undefined ? { baseHref: plan.baseHref } : {}),
        slugs: state.slugs,
      }),
    );
    const seo = target.isPreview
      ? buildSeoTags([], target.source.href)
      : buildSeoTags(
          site.settings.flags?.['meta.hreflang'] === false ? [] : alternatesOf(target, states),
          canonicalOf(target, plan, state.slugs),
        );
    // The project's font size for the language (custom-font-size), as the snippet applies it.
    const fontSize = deliverySettingsOf(site.settings).customFontSizes[language];
    const fontStyle = fontSize === undefined ? '' : `<style>html{font-size:${fontSize}px}</style>`;
    const rendered = renderPage(plan, {
      translate: (hash) => translations.get(hash),
      translateMeta: site.settings.metaEnabled !== false,
      rewriteLink: rewrite,
      // A preview lives under its own path on the render host: the page's root-relative and
      // same-site URLs of style sheets, scripts, images and fonts go through the preview too
      // (passed through unchanged), or they would resolve against the render host. On a language
      // host or path they already reach the origin or the proxy as written.
      ...(target.isPreview ? { rewriteAsset: rewrite } : {}),
      htmlAttributes: { lang: language, dir: getLanguageDirection(language) },
      headHtml: seo + fontStyle,
    });
    return Buffer.from(rendered);
  }

  async function serve(target: Target, request: ProxyRequest): Promise<ProxyResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return html(405, errorPage(405, 'Method not allowed', 'Translated pages can only be read.'), {
        allow: 'GET, HEAD',
      });
    }
    if (request.headers[PROXY_LOOP_HEADER] !== undefined) {
      return html(
        508,
        errorPage(508, 'Loop detected', 'The website sends the proxy’s requests back to the proxy.'),
      );
    }
    const { site, language } = target;
    const states = await languageStates(target);
    const state = states.get(language)!;
    const { headers: toOrigin, hasCookies } = originHeaders(request);
    const cacheable = site.settings.cacheEnabled !== false && !hasCookies;
    const addressKey =
      target.address.mode === 'preview'
        ? target.address.prefix
        : `${target.address.mode}${target.publicPage.host}`;
    const versions = [...states.values()].map((entry) => entry.version).join(',');
    // Settings (canonical, meta, exclusions) shape the page too.
    const key = `${site.projectId}|${language}|${site.cacheVersion}|${versions}|${JSON.stringify(site.settings)}|${addressKey}|${target.source.href}`;
    if (cacheable) {
      const hit = pages.get(key);
      if (hit) return { ...hit, headers: { ...hit.headers, 'x-bhasha-cache': 'hit' } };
    }

    // A page whose plan is held is revalidated with the origin (If-None-Match on its ETag): an
    // unchanged page costs the origin a 304 and the proxy no transfer and no hash. Requests with
    // forwarded cookies are personal and always fetched whole.
    const validatorKey = `${site.projectId}|${target.source.href}`;
    let known = hasCookies ? undefined : validators.get(validatorKey);
    if (known && plans.get(known.planKey) === undefined) known = undefined;
    let origin;
    let plan: PagePlan | undefined;
    let headers: Record<string, string> = {};
    try {
      origin = await fetcher.fetchOrigin(
        target.source,
        known ? { ...toOrigin, 'if-none-match': known.etag } : toOrigin,
      );
      if (known && origin.status === 304) {
        plan = plans.get(known.planKey);
        // The plan left memory while the origin answered: ask for the whole page.
        if (!plan) origin = await fetcher.fetchOrigin(target.source, toOrigin);
      }
    } catch (error) {
      return failure(error);
    }
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = header(origin.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    let status = origin.status;
    if (plan && known) {
      // A 304 updates the stored headers it carries (RFC 9111 §4.3.4).
      headers = { ...known.headers, ...headers };
      status = 200;
    }
    if (target.isPreview) headers['x-robots-tag'] = 'noindex, nofollow';
    const rewriteLink = createLinkRewriter({
      site,
      address: target.address,
      language,
      page: target.source,
      publicPage: target.publicPage,
      slugs: state.slugs,
    });
    const location = header(origin.headers.location);
    if (location !== undefined) headers.location = rewriteLink(location) ?? location;

    let body = origin.body;
    const contentType = headers['content-type'] ?? '';
    if (plan && known) {
      // Revalidated: the page is the one planned under known.planKey.
      const renderKey = `${known.planKey}|${key}`;
      const memo = renders.get(renderKey);
      if (memo) {
        body = memo;
      } else {
        body = render(target, states, plan, addressKey);
        renders.set(renderKey, body, body.length + renderKey.length * 2 + 64);
      }
      headers['content-language'] = language;
    } else if (isHtml(contentType) && isUtf8(contentType)) {
      const planKey = planKeyOf(site, body);
      // The same origin bytes with the same translations, settings and address render the same
      // page: the memo is keyed by all of them (`key` holds every version the page cache uses).
      const renderKey = `${planKey}|${key}`;
      const memo = renders.get(renderKey);
      if (memo) {
        body = memo;
      } else {
        body = render(target, states, planOf(site, planKey, body), addressKey);
        renders.set(renderKey, body, body.length + renderKey.length * 2 + 64);
      }
      const etag = header(origin.headers.etag);
      if (
        etag !== undefined &&
        origin.status === 200 &&
        !hasCookies &&
        origin.headers['set-cookie'] === undefined
      )
        validators.set(
          validatorKey,
          { etag, planKey, headers: { ...headers } },
          validatorKey.length * 2 + 1024,
        );
      else validators.delete(validatorKey);
      headers['content-language'] = language;
    } else if (target.isPreview && isCss(contentType) && isUtf8(contentType)) {
      // A style sheet's root-relative `url()` and `@import` would leave the preview as well.
      const css = body.toString('utf8');
      const rewritten = rewriteCssUrls(css, rewriteLink);
      if (rewritten !== css) body = Buffer.from(rewritten);
    }
    const response = { status, headers, body };
    const originCacheControl = headers['cache-control'] ?? '';
    if (
      cacheable &&
      status === 200 &&
      origin.headers['set-cookie'] === undefined &&
      !/\b(private|no-store)\b/i.test(originCacheControl)
    ) {
      pages.set(key, response, body.length + key.length * 2 + 256);
    }
    return { ...response, headers: { ...headers, 'x-bhasha-cache': 'miss' } };
  }

  /**
   * The site, language and source page a request on a customer's host is for; `unpublished` for a
   * language host of a project domain in a language the project does not publish (answered here, so
   * such a host never falls through to the dashboard); undefined when the request is not the proxy's.
   */
  async function targetOf(request: ProxyRequest): Promise<Target | 'unpublished' | undefined> {
    const { hostname, port } = splitHost(request.host);
    if (!hostname) return undefined;
    const path = request.url.startsWith('/') ? request.url : `/${request.url}`;
    const dot = hostname.indexOf('.');
    const label = dot > 0 ? hostname.slice(0, dot) : '';
    if (LANGUAGE_SEGMENT.test(`/${label}`)) {
      const site = await sites.siteByHost(hostname.slice(dot + 1));
      const language = site && languageIn(site.languages, label);
      const domain = site && domainOf(site, hostname.slice(dot + 1));
      if (site && language && domain) {
        const address: ProxyAddress = {
          mode: 'subdomain',
          protocol: `${request.protocol}:`,
          port,
          publicHosts: publicHostsOf(site, domain),
        };
        return withPaths(site, language, address, domain.origin, path, false);
      }
      if (domain && isLanguageCode(label)) return 'unpublished';
    }
    const match = LANGUAGE_SEGMENT.exec(path);
    if (match && match[1] !== 'api') {
      const site = await sites.siteByHost(hostname);
      const language = site && languageIn(site.languages, match[1]!);
      const domain = site && domainOf(site, hostname);
      if (site && language && domain) {
        const address: ProxyAddress = {
          mode: 'path',
          protocol: `${request.protocol}:`,
          port,
          publicHosts: publicHostsOf(site, domain),
        };
        return withPaths(
          site,
          language,
          address,
          domain.origin,
          `${match[2] ?? '/'}${match[3] ?? ''}`,
          false,
        );
      }
    }
    return undefined;
  }

  async function withPaths(
    site: ProxySite,
    language: string,
    address: ProxyAddress,
    origin: string,
    path: string,
    isPreview: boolean,
  ): Promise<Target | undefined> {
    const state = await sites.language(site.projectId, language);
    let source: URL;
    try {
      source = new URL(path, origin);
    } catch {
      return undefined;
    }
    // An incoming translated slug names its source page.
    const sourcePath = state.sourcePaths.get(source.pathname);
    if (sourcePath !== undefined) source.pathname = sourcePath;
    if (source.origin !== new URL(origin).origin) return undefined;
    const publicPage = publicUrl(address, language, source, state.slugs);
    return { site, language, address, source, publicPage, isPreview };
  }

  async function handleTarget(target: Target, request: ProxyRequest): Promise<ProxyResponse> {
    try {
      if (target.source.pathname === '/sitemap.xml' && !target.isPreview) return await sitemap(target);
      return await serve(target, request);
    } catch (error) {
      return failure(error);
    }
  }

  return {
    /** Serves a translated page when the request is for one (a language host or path of a project domain). */
    async handle(request: ProxyRequest): Promise<ProxyResponse | undefined> {
      const target = await targetOf(request);
      if (target === 'unpublished') {
        return html(
          404,
          errorPage(404, 'Language not published', 'This website is not published in this language.'),
          { 'cache-control': 'no-store' },
        );
      }
      return target ? handleTarget(target, request) : undefined;
    },

    /** `/proxy-preview/{token}/{host}/{path}` on the render host. */
    async preview(token: string, rest: string, request: ProxyRequest): Promise<ProxyResponse> {
      const grant = tokens.verify(token, now());
      if (!grant) {
        return html(
          403,
          errorPage(
            403,
            'This preview link has expired or is not valid',
            'Ask for a new preview link in the dashboard.',
          ),
        );
      }
      const site = await sites.site(grant.projectId);
      const slash = rest.indexOf('/');
      const hostname = slash < 0 ? rest : rest.slice(0, slash);
      const domain = site && domainOf(site, hostname);
      const notFound = () =>
        html(404, errorPage(404, 'Page not found', 'This page is not one of the project’s pages.'));
      if (!site || !domain) return notFound();
      const prefix = `${settings.renderBaseUrl.replace(/\/$/, '')}/proxy-preview/${token}`;
      const address: ProxyAddress = { mode: 'preview', prefix };
      const path = slash < 0 ? '/' : rest.slice(slash);
      const target = await withPaths(site, grant.language, address, domain.origin, path, true);
      return target ? handleTarget(target, request) : notFound();
    },

    /** A link that opens a project page in a language (published or not) until it expires. */
    previewUrl(site: ProxySite, language: string, page: URL): { previewUrl: string; expiresAt: string } {
      const expiresAt = now() + settings.previewTtlMs;
      const token = tokens.issue({ projectId: site.projectId, language, expiresAt });
      const prefix = `${settings.renderBaseUrl.replace(/\/$/, '')}/proxy-preview/${token}`;
      const url = publicUrl({ mode: 'preview', prefix }, language, page, new Map());
      return { previewUrl: url.href, expiresAt: new Date(expiresAt).toISOString() };
    },

    /** Forgets cached pages and knowledge of a project (its slugs or settings changed here). */
    purge(projectId: string): void {
      sites.forget(projectId);
      pages.deletePrefix(`${projectId}|`);
    },

    /**
     * Re-checks a project's sites, settings and translations on its next request (all projects when
     * undefined): a change committed by any process (see `listenForDeliveryChanges`). Cached pages
     * are keyed by those versions, so they are reused only while nothing they depend on changed.
     */
    invalidate(projectId?: string): void {
      sites.invalidate(projectId);
    },

    stats: () => ({ cachedPages: pages.size, cachedBytes: pages.bytes, plannedPages: planCount }),
    close: () => fetcher.close(),
  };
}

export type ProxyService = ReturnType<typeof createProxyService>;
