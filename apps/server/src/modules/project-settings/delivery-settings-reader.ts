import { CUSTOM_FONT_SIZE_RANGE, isLanguageCode } from '@bhasha/contract';
import type { Database, ProjectSettings } from '@bhasha/db';
import { isSupportedSelector, parseIgnorePatternSettings, type ExtractOptions } from '@bhasha/engine';
import { createProjectsRepository } from '../projects/projects.repository';

/**
 * A project's delivery settings as every reader applies them: the snippet (through
 * /delivery/:projectId/settings), the translating proxy and the crawler. Values are checked when
 * saved; this re-checks them on the way out, so a row edited by hand cannot break a page.
 */
export interface ProjectDeliverySettings {
  /** CSS selectors whose subtree is never translated (no-translation nodes). */
  noTranslateSelectors: string[];
  /** Segment texts skipped: exact strings, or `/regex/flags`. */
  ignorePatterns: string[];
  /** CSS selectors of inputs where the Swalekh keyboard is offered. */
  swalekhSelectors: string[];
  /** Root font size in CSS pixels per language code. */
  customFontSizes: Record<string, number>;
}

function isFontSize(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CUSTOM_FONT_SIZE_RANGE.min &&
    value <= CUSTOM_FONT_SIZE_RANGE.max
  );
}

/** The delivery settings held in a project's `settings` column. */
export function deliverySettingsOf(settings: ProjectSettings | undefined): ProjectDeliverySettings {
  const customFontSizes: Record<string, number> = {};
  for (const [language, size] of Object.entries(settings?.customFontSizes ?? {})) {
    if (isLanguageCode(language) && isFontSize(size)) customFontSizes[language] = size;
  }
  return {
    noTranslateSelectors: (settings?.noTranslateSelectors ?? []).filter(isSupportedSelector),
    ignorePatterns: [...(settings?.ignorePatterns ?? [])],
    swalekhSelectors: (settings?.swalekhSelectors ?? []).filter(isSupportedSelector),
    customFontSizes,
  };
}

/** The segmenter options these settings imply (same segments, and so hashes, everywhere). */
export function extractOptionsOf(settings: ProjectDeliverySettings): ExtractOptions {
  return {
    noTranslateSelectors: settings.noTranslateSelectors,
    ignorePatterns: parseIgnorePatternSettings(settings.ignorePatterns),
  };
}

/** Reads one project's delivery settings (undefined for a missing or deleted project). */
export function createDeliverySettingsReader(db: Database) {
  const projects = createProjectsRepository(db);
  return {
    async read(projectId: string): Promise<ProjectDeliverySettings | undefined> {
      const settings = await projects.findLiveSettings(projectId);
      return settings ? deliverySettingsOf(settings) : undefined;
    },
  };
}

export type DeliverySettingsReader = ReturnType<typeof createDeliverySettingsReader>;
