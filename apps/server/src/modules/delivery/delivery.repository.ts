import { and, asc, count, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import {
  deliverySettings,
  pages,
  projectDomains,
  projects,
  segments,
  siteVisits,
  translations,
  type Database,
} from '@bhasha/db';
import { TRANSLATION_TYPES } from '@bhasha/contract';
import type { ProjectSettings } from '@bhasha/db';

/** What delivery needs to know about a project. */
export interface DeliveryProject {
  id: string;
  organisationId: string;
  type: string;
  sourceLanguage: string;
  targetLanguages: string[];
  settings: ProjectSettings;
  /** Active domains' hosts, lower-case, the primary domain first. */
  hosts: string[];
  /** Active domains: lower-case host without port, and `scheme://host[:port]` to fetch from. */
  domains: { hostname: string; origin: string }[];
  popupCss: string;
  cacheVersion: number;
}

/** A segment a visitor's browser found, measured on the server. */
export interface NewSegmentRow {
  sourceHash: string;
  text: string;
  kind: string;
  wordCount: number;
}

/**
 * Queries of website delivery. The public side addresses a project by its id alone (the id in the
 * customer's script tag is public by design, like a publishable key); dashboard calls reach these
 * functions only after the project access check of their service.
 */
export function createDeliveryRepository(db: Database) {
  return {
    async findProject(projectId: string): Promise<DeliveryProject | undefined> {
      const [row] = await db
        .select({
          id: projects.id,
          organisationId: projects.organisationId,
          type: projects.type,
          sourceLanguage: projects.sourceLanguage,
          targetLanguages: projects.targetLanguages,
          settings: projects.settings,
          popupCss: deliverySettings.popupCss,
          cacheVersion: deliverySettings.cacheVersion,
        })
        .from(projects)
        .leftJoin(deliverySettings, eq(deliverySettings.projectId, projects.id))
        .where(and(eq(projects.id, projectId), isNull(projects.deletingAt)))
        .limit(1);
      if (!row) return undefined;
      const rows = await db
        .select({ hostname: projectDomains.hostname, origin: projectDomains.origin })
        .from(projectDomains)
        .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.active, true)))
        .orderBy(sql`${projectDomains.isPrimary} desc`, asc(projectDomains.createdAt));
      const domains = rows.map((domain) => ({
        hostname: domain.hostname.toLowerCase(),
        origin: domain.origin,
      }));
      return {
        ...row,
        popupCss: row.popupCss ?? '',
        cacheVersion: row.cacheVersion ?? 0,
        hosts: domains.map((domain) => domain.hostname),
        domains,
      };
    },

    async savePopupCss(
      project: { id: string; organisationId: string },
      css: string,
      now: Date,
    ): Promise<void> {
      await db
        .insert(deliverySettings)
        .values({
          projectId: project.id,
          organisationId: project.organisationId,
          popupCss: css,
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: deliverySettings.projectId, set: { popupCss: css, updatedAt: now } });
    },

    /** Bumps the cache version and answers the new one. */
    async bumpCacheVersion(project: { id: string; organisationId: string }, now: Date): Promise<number> {
      const [row] = await db
        .insert(deliverySettings)
        .values({
          projectId: project.id,
          organisationId: project.organisationId,
          cacheVersion: 1,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: deliverySettings.projectId,
          set: { cacheVersion: sql`${deliverySettings.cacheVersion} + 1`, updatedAt: now },
        })
        .returning({ cacheVersion: deliverySettings.cacheVersion });
      return row!.cacheVersion;
    },

    /** Changes whenever a delivered translation of the language is added, edited or removed. */
    async translationsFingerprint(projectId: string, language: string): Promise<string> {
      const [row] = await db
        .select({ rows: count(), latest: max(translations.updatedAt) })
        .from(translations)
        .where(and(eq(translations.projectId, projectId), eq(translations.targetLang, language)));
      return `${row?.rows ?? 0}:${row?.latest?.getTime() ?? 0}`;
    },

    /** Every translated segment of the project in one language: source hash and text. */
    async listTranslations(
      projectId: string,
      language: string,
    ): Promise<{ sourceHash: string; text: string }[]> {
      return db
        .select({ sourceHash: translations.sourceHash, text: translations.text })
        .from(translations)
        .where(
          and(
            eq(translations.projectId, projectId),
            eq(translations.targetLang, language),
            ne(translations.type, TRANSLATION_TYPES.NO_TRANSLATION_AVAILABLE),
            ne(translations.text, ''),
          ),
        );
    },

    /** The scope row of a page, when the project knows the URL. */
    async findPage(
      projectId: string,
      normalisedUrl: string,
    ): Promise<{ id: string; inScope: boolean } | undefined> {
      const [row] = await db
        .select({ id: pages.id, inScope: pages.inScope })
        .from(pages)
        .where(and(eq(pages.projectId, projectId), eq(pages.normalisedUrl, normalisedUrl)))
        .limit(1);
      return row;
    },

    /** Which of these source hashes the project already has. */
    async knownHashes(projectId: string, hashes: readonly string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const rows = await db
        .select({ sourceHash: segments.sourceHash })
        .from(segments)
        .where(and(eq(segments.projectId, projectId), inArray(segments.sourceHash, [...hashes])));
      return new Set(rows.map((row) => row.sourceHash));
    },

    /** Adds segments the project does not have yet (new content); answers how many were new. */
    async insertNewSegments(
      project: { id: string; organisationId: string },
      rows: readonly NewSegmentRow[],
      now: Date,
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(segments)
        .values(
          rows.map((row) => ({
            organisationId: project.organisationId,
            projectId: project.id,
            sourceHash: row.sourceHash,
            text: row.text,
            kind: row.kind,
            wordCount: row.wordCount,
            firstSeenAt: now,
            lastSeenAt: now,
          })),
        )
        .onConflictDoNothing({ target: [segments.projectId, segments.sourceHash] })
        .returning({ id: segments.id });
      return inserted.length;
    },

    async countVisit(
      project: { id: string; organisationId: string },
      visit: { day: string; hostname: string; url: string; language: string },
    ): Promise<void> {
      await db
        .insert(siteVisits)
        .values({ projectId: project.id, organisationId: project.organisationId, ...visit, visits: 1 })
        .onConflictDoUpdate({
          target: [siteVisits.projectId, siteVisits.day, siteVisits.url, siteVisits.language],
          set: { visits: sql`${siteVisits.visits} + 1` },
        });
    },

    /** Every domain of a project (active or not), primary first. */
    async listDomains(
      projectId: string,
    ): Promise<{ id: string; hostname: string; origin: string; isPrimary: boolean; active: boolean }[]> {
      return db
        .select({
          id: projectDomains.id,
          hostname: projectDomains.hostname,
          origin: projectDomains.origin,
          isPrimary: projectDomains.isPrimary,
          active: projectDomains.active,
        })
        .from(projectDomains)
        .where(eq(projectDomains.projectId, projectId))
        .orderBy(desc(projectDomains.isPrimary), projectDomains.createdAt);
    },

    /** Hosts the snippet has counted visits from (client verified, spec §4 level 3). */
    async visitedHosts(projectId: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ hostname: siteVisits.hostname })
        .from(siteVisits)
        .where(eq(siteVisits.projectId, projectId));
      return rows.map((row) => row.hostname);
    },

    /** A segment of the project by hash, with its current translation in a language (visitor suggestions). */
    async findSegmentForSuggestion(
      projectId: string,
      sourceHash: string,
      language: string,
    ): Promise<{ id: string; text: string; currentTarget: string } | undefined> {
      const [row] = await db
        .select({ id: segments.id, text: segments.text, currentTarget: translations.text })
        .from(segments)
        .leftJoin(
          translations,
          and(
            eq(translations.projectId, segments.projectId),
            eq(translations.sourceHash, segments.sourceHash),
            eq(translations.targetLang, language),
          ),
        )
        .where(and(eq(segments.projectId, projectId), eq(segments.sourceHash, sourceHash)))
        .limit(1);
      return row ? { id: row.id, text: row.text, currentTarget: row.currentTarget ?? '' } : undefined;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
