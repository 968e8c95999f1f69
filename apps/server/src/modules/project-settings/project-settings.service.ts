import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  MAX_PROJECT_SETTING_ENTRIES,
  PROJECT_SETTING_MESSAGES,
  type CustomFontSizeItem,
  type SelectorSettingItem,
} from '@bhasha/contract';
import { isSupportedSelector } from '@bhasha/engine';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectSettingsRepository, SelectorListKey } from '../projects/project-settings.repository';

/** The id of an entry: a hash of its key text, so it names the same entry on every call. */
export function settingEntryId(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16);
}

export interface Paging {
  pageNumber: number;
  pageSize: number;
}

function page<T>(all: readonly T[], paging: Paging): T[] {
  const start = (paging.pageNumber - 1) * paging.pageSize;
  return all.slice(start, start + paging.pageSize);
}

const selectorItem = (selector: string): SelectorSettingItem => ({ id: settingEntryId(selector), selector });

/**
 * A project's delivery settings (spec §7 "Project settings"): custom font sizes per language,
 * no-translation nodes and Swalekh integration nodes. Selectors must parse in the segmenter's
 * selector subset (packages/engine css-selector), so the crawler, the proxy and the snippet all
 * honour a saved selector the same way instead of silently ignoring it on every page.
 */
export function createProjectSettingsService(deps: {
  repository: ProjectSettingsRepository;
  access: ProjectAccess;
  clock: Clock;
  /** Called after every change, so cached delivery answers are dropped at once. */
  onChanged?: (projectId: string) => Promise<void>;
}) {
  const { repository, access, clock } = deps;
  const changed = async (projectId: string) => deps.onChanged?.(projectId);

  async function addSelector(principal: Principal, projectId: string, key: SelectorListKey, raw: string) {
    const selector = raw.trim();
    if (!isSupportedSelector(selector))
      throw AppError.validation([PROJECT_SETTING_MESSAGES.selectorUnsupported]);
    const project = await access.requireManageable(principal, projectId);
    if (
      await repository.appendSelector(project.id, key, selector, MAX_PROJECT_SETTING_ENTRIES, clock.now())
    ) {
      await changed(project.id);
      return selectorItem(selector);
    }
    if ((await repository.listSelectors(project.id, key)).includes(selector)) {
      throw AppError.conflict(PROJECT_SETTING_MESSAGES.selectorExists);
    }
    throw AppError.validation([PROJECT_SETTING_MESSAGES.tooMany]);
  }

  async function listSelectors(
    principal: Principal,
    projectId: string,
    key: SelectorListKey,
    paging: Paging,
  ) {
    const project = await access.requireVisible(principal, projectId);
    const all = await repository.listSelectors(project.id, key);
    return { items: page(all, paging).map(selectorItem), totalCount: all.length };
  }

  async function removeSelectors(
    principal: Principal,
    projectId: string,
    key: SelectorListKey,
    ids: readonly string[],
  ) {
    const project = await access.requireManageable(principal, projectId);
    const wanted = new Set(ids);
    const doomed = (await repository.listSelectors(project.id, key)).filter((selector) =>
      wanted.has(settingEntryId(selector)),
    );
    if (doomed.length === 0)
      throw new AppError(404, ERROR_CODES.NOT_FOUND, PROJECT_SETTING_MESSAGES.notFound);
    await repository.removeSelectors(project.id, key, doomed, clock.now());
    await changed(project.id);
    return { deleted: doomed.length };
  }

  return {
    addNoTranslationNode: (principal: Principal, projectId: string, selector: string) =>
      addSelector(principal, projectId, 'noTranslateSelectors', selector),
    async listNoTranslationNodes(principal: Principal, projectId: string, paging: Paging) {
      const { items, totalCount } = await listSelectors(principal, projectId, 'noTranslateSelectors', paging);
      return { noTranslationNodes: items, totalCount };
    },
    deleteNoTranslationNodes: (principal: Principal, projectId: string, ids: readonly string[]) =>
      removeSelectors(principal, projectId, 'noTranslateSelectors', ids),

    addSwalekhNode: (principal: Principal, projectId: string, selector: string) =>
      addSelector(principal, projectId, 'swalekhSelectors', selector),
    async listSwalekhNodes(principal: Principal, projectId: string, paging: Paging) {
      const { items, totalCount } = await listSelectors(principal, projectId, 'swalekhSelectors', paging);
      return { swalekhIntegrations: items, totalCount };
    },
    deleteSwalekhNodes: (principal: Principal, projectId: string, ids: readonly string[]) =>
      removeSelectors(principal, projectId, 'swalekhSelectors', ids),

    /** Sets one language's font size; a language that has one gets the new size (same id). */
    async saveFontSize(
      principal: Principal,
      projectId: string,
      language: string,
      fontSize: number,
    ): Promise<CustomFontSizeItem> {
      const project = await access.requireManageable(principal, projectId);
      const languages = [project.sourceLanguage, ...project.targetLanguages];
      if (!languages.includes(language))
        throw AppError.validation([PROJECT_SETTING_MESSAGES.languageNotInProject]);
      if (
        !(await repository.saveFontSize(
          project.id,
          language,
          fontSize,
          MAX_PROJECT_SETTING_ENTRIES,
          clock.now(),
        ))
      ) {
        throw AppError.validation([PROJECT_SETTING_MESSAGES.tooMany]);
      }
      await changed(project.id);
      return { id: settingEntryId(language), language, fontSize };
    },

    async listFontSizes(principal: Principal, projectId: string, paging: Paging) {
      const project = await access.requireVisible(principal, projectId);
      const all = Object.entries(await repository.listFontSizes(project.id))
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([language, fontSize]) => ({ id: settingEntryId(language), language, fontSize }));
      return { customFontSizes: page(all, paging), totalCount: all.length };
    },

    async deleteFontSizes(principal: Principal, projectId: string, ids: readonly string[]) {
      const project = await access.requireManageable(principal, projectId);
      const wanted = new Set(ids);
      const doomed = Object.keys(await repository.listFontSizes(project.id)).filter((language) =>
        wanted.has(settingEntryId(language)),
      );
      if (doomed.length === 0)
        throw new AppError(404, ERROR_CODES.NOT_FOUND, PROJECT_SETTING_MESSAGES.notFound);
      await repository.removeFontSizes(project.id, doomed, clock.now());
      await changed(project.id);
      return { deleted: doomed.length };
    },
  };
}

export type ProjectSettingsService = ReturnType<typeof createProjectSettingsService>;
