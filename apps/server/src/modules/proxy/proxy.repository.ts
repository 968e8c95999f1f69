import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { pages, projectDomains, projects, urlTranslations, type Database } from '@bhasha/db';
import type { ProjectSettings } from '@bhasha/db';
import { PROJECT_TYPES } from '@bhasha/contract';
import { createDeliveryRepository } from '../delivery/delivery.repository';

/** A website project as the proxy serves it. */
export interface ProxySite {
  projectId: string;
  organisationId: string;
  sourceLanguage: string;
  /** Published languages (the project's target languages, the source excluded). */
  languages: string[];
  settings: ProjectSettings;
  /** Active domains: lower-case host without port, and `scheme://host[:port]` to fetch from. */
  domains: { hostname: string; origin: string }[];
  /** Bumped by snippet/cache/clear. */
  cacheVersion: number;
}

export interface UrlTranslationRow {
  id: string;
  language: string;
  sourcePath: string;
  translatedPath: string;
}

const stripWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/** Queries of the translating proxy. Sites are found by host (public) or id (after access checks). */
export function createProxyRepository(db: Database) {
  const delivery = createDeliveryRepository(db);

  async function loadSite(projectId: string): Promise<ProxySite | undefined> {
    const project = await delivery.findProject(projectId);
    if (!project || project.type !== PROJECT_TYPES.website) return undefined;
    return {
      projectId: project.id,
      organisationId: project.organisationId,
      sourceLanguage: project.sourceLanguage,
      languages: project.targetLanguages.filter((code) => code !== project.sourceLanguage),
      settings: project.settings,
      domains: project.domains,
      cacheVersion: project.cacheVersion,
    };
  }

  return {
    loadSite,

    /**
     * The website project serving this host (with or without `www.`): the one project that proved
     * it controls the host (ADR 0028). Other projects listing the same host are never served.
     */
    async findSiteByHost(host: string): Promise<ProxySite | undefined> {
      const bare = stripWww(host.toLowerCase());
      const [row] = await db
        .select({ projectId: projectDomains.projectId })
        .from(projectDomains)
        .innerJoin(projects, eq(projects.id, projectDomains.projectId))
        .where(
          and(
            sql`${projectDomains.hostname} in (${bare}, ${`www.${bare}`})`,
            eq(projectDomains.active, true),
            eq(projects.type, PROJECT_TYPES.website),
            isNull(projects.deletingAt),
            sql`exists (select 1 from project_domains verified where verified.project_id = ${projectDomains.projectId}
              and verified.ownership_verified_at is not null
              and regexp_replace(verified.hostname, '^www\\.', '') = ${bare})`,
          ),
        )
        .orderBy(asc(projects.createdAt))
        .limit(1);
      return row ? loadSite(row.projectId) : undefined;
    },

    translationsFingerprint: (projectId: string, language: string) =>
      delivery.translationsFingerprint(projectId, language),
    listTranslations: (projectId: string, language: string) => delivery.listTranslations(projectId, language),

    /** Pages of the sitemap: fetched, in scope, answered 200. */
    async listSitemapUrls(projectId: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ url: pages.url })
        .from(pages)
        .where(
          and(
            eq(pages.projectId, projectId),
            eq(pages.inScope, true),
            eq(pages.status, 'fetched'),
            sql`coalesce(${pages.httpStatus}, 200) = 200`,
          ),
        )
        .orderBy(asc(pages.normalisedUrl))
        .limit(limit);
      return rows.map((row) => row.url);
    },

    async listUrlTranslations(projectId: string, language?: string): Promise<UrlTranslationRow[]> {
      return db
        .select({
          id: urlTranslations.id,
          language: urlTranslations.language,
          sourcePath: urlTranslations.sourcePath,
          translatedPath: urlTranslations.translatedPath,
        })
        .from(urlTranslations)
        .where(
          language === undefined
            ? eq(urlTranslations.projectId, projectId)
            : and(eq(urlTranslations.projectId, projectId), eq(urlTranslations.language, language)),
        )
        .orderBy(asc(urlTranslations.language), asc(urlTranslations.sourcePath));
    },

    /** Adds or replaces slugs by source path; answers the stored rows. */
    async upsertUrlTranslations(
      project: { id: string; organisationId: string },
      rows: readonly { language: string; sourcePath: string; translatedPath: string }[],
      now: Date,
    ): Promise<UrlTranslationRow[]> {
      if (rows.length === 0) return [];
      return db.transaction(async (tx) => {
        const stored: UrlTranslationRow[] = [];
        for (const row of rows) {
          const [saved] = await tx
            .insert(urlTranslations)
            .values({ organisationId: project.organisationId, projectId: project.id, ...row, updatedAt: now })
            .onConflictDoUpdate({
              target: [urlTranslations.projectId, urlTranslations.language, urlTranslations.sourcePath],
              set: { translatedPath: row.translatedPath, updatedAt: now },
            })
            .returning({
              id: urlTranslations.id,
              language: urlTranslations.language,
              sourcePath: urlTranslations.sourcePath,
              translatedPath: urlTranslations.translatedPath,
            });
          stored.push(saved!);
        }
        return stored;
      });
    },

    async deleteUrlTranslation(projectId: string, language: string, sourcePath: string): Promise<boolean> {
      const deleted = await db
        .delete(urlTranslations)
        .where(
          and(
            eq(urlTranslations.projectId, projectId),
            eq(urlTranslations.language, language),
            eq(urlTranslations.sourcePath, sourcePath),
          ),
        )
        .returning({ id: urlTranslations.id });
      return deleted.length > 0;
    },
  };
}

export type ProxyRepository = ReturnType<typeof createProxyRepository>;
