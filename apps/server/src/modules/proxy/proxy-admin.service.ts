import { PROXY_MESSAGES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import { domainOf } from './proxy-urls';
import type { ProxyRepository, ProxySite, UrlTranslationRow } from './proxy.repository';
import type { ProxyService } from './proxy.service';

/** A path as URLs carry it (percent-encoded, dot segments resolved), or undefined. */
function normalisePath(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//') || /[?#]/.test(path)) return undefined;
  try {
    return new URL(path, 'http://path.invalid').pathname;
  } catch {
    return undefined;
  }
}

function present(row: UrlTranslationRow) {
  return { id: row.id, targetLang: row.language, url: row.sourcePath, translatedUrl: row.translatedPath };
}

/** The dashboard's proxy calls: preview links and translated URL slugs (spec §7 Scope). */
export function createProxyAdminService(deps: {
  repository: ProxyRepository;
  access: ProjectAccess;
  proxy: ProxyService;
  clock: Clock;
}) {
  const { repository, access, proxy, clock } = deps;

  async function siteOf(principal: Principal, projectId: string, manage: boolean): Promise<ProxySite> {
    const project = manage
      ? await access.requireManageable(principal, projectId)
      : await access.requireVisible(principal, projectId);
    const site = await repository.loadSite(project.id);
    if (!site || site.domains.length === 0) throw AppError.notFound('The project');
    return site;
  }

  /** A project page's URL: absolute on one of its domains, or a path on the primary domain. */
  function pageUrl(site: ProxySite, url: string | undefined): URL {
    const primary = site.domains[0]!;
    let page: URL;
    try {
      page = new URL(url ?? '/', primary.origin);
    } catch {
      throw AppError.validation([PROXY_MESSAGES.urlNotInProject]);
    }
    const domain = domainOf(site, page.hostname);
    if (!domain || (page.protocol !== 'http:' && page.protocol !== 'https:'))
      throw AppError.validation([PROXY_MESSAGES.urlNotInProject]);
    page.hash = '';
    return page;
  }

  function requireTarget(site: ProxySite, language: string): void {
    if (language === site.sourceLanguage)
      throw AppError.validation([PROXY_MESSAGES.sourceLanguageHasNoTranslation]);
  }

  /** The translated path a user typed: a path or URL, with or without the `/{lang}` prefix. */
  function translatedPath(language: string, value: string): string {
    let path = value;
    if (/^https?:\/\//i.test(value)) {
      try {
        path = new URL(value).pathname;
      } catch {
        throw AppError.validation([PROXY_MESSAGES.translatedUrlInvalid]);
      }
    }
    const normalised = normalisePath(path);
    if (!normalised) throw AppError.validation([PROXY_MESSAGES.translatedUrlInvalid]);
    const prefix = `/${language.toLowerCase()}`;
    const lower = normalised.toLowerCase();
    const stripped =
      lower === prefix ? '/' : lower.startsWith(`${prefix}/`) ? normalised.slice(prefix.length) : normalised;
    return stripped;
  }

  async function saveSlugs(
    site: ProxySite,
    language: string,
    pairs: readonly { url: string; translatedUrl: string }[],
  ): Promise<UrlTranslationRow[]> {
    const rows = pairs.map((pair) => ({
      language,
      sourcePath: pageUrl(site, pair.url).pathname,
      translatedPath: translatedPath(language, pair.translatedUrl),
    }));
    // One translated path names one page: within the request and against stored rows.
    const existing = await repository.listUrlTranslations(site.projectId, language);
    const owner = new Map(existing.map((row) => [row.translatedPath, row.sourcePath]));
    for (const row of rows) {
      const taken = owner.get(row.translatedPath);
      if (taken !== undefined && taken !== row.sourcePath)
        throw AppError.validation([PROXY_MESSAGES.translatedUrlTaken]);
      owner.set(row.translatedPath, row.sourcePath);
    }
    const saved = await repository.upsertUrlTranslations(
      { id: site.projectId, organisationId: site.organisationId },
      rows,
      clock.now(),
    );
    proxy.purge(site.projectId);
    return saved;
  }

  return {
    async previewUrl(principal: Principal, input: { projectId: string; targetLang: string; url?: string }) {
      const site = await siteOf(principal, input.projectId, false);
      requireTarget(site, input.targetLang);
      return proxy.previewUrl(site, input.targetLang, pageUrl(site, input.url));
    },

    async addUrlTranslations(
      principal: Principal,
      input: {
        projectId: string;
        targetLang: string;
        urlTranslations: { url: string; translatedUrl: string }[];
      },
    ) {
      const site = await siteOf(principal, input.projectId, true);
      requireTarget(site, input.targetLang);
      await saveSlugs(site, input.targetLang, input.urlTranslations);
      const all = await repository.listUrlTranslations(site.projectId, input.targetLang);
      return { urlTranslations: all.map(present), total: all.length };
    },

    async updateTranslatedUrl(
      principal: Principal,
      input: { projectId: string; targetLang: string; url: string; translatedUrl: string },
    ) {
      const site = await siteOf(principal, input.projectId, true);
      requireTarget(site, input.targetLang);
      if (input.translatedUrl === '') {
        await repository.deleteUrlTranslation(
          site.projectId,
          input.targetLang,
          pageUrl(site, input.url).pathname,
        );
        proxy.purge(site.projectId);
      } else {
        await saveSlugs(site, input.targetLang, [{ url: input.url, translatedUrl: input.translatedUrl }]);
      }
      const all = await repository.listUrlTranslations(site.projectId, input.targetLang);
      return { urlTranslations: all.map(present), total: all.length };
    },
  };
}

export type ProxyAdminService = ReturnType<typeof createProxyAdminService>;
