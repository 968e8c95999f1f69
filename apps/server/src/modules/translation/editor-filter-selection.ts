import type { z } from 'zod';
import { SCOPE_MESSAGES, type editorFilterSchema } from '@bhasha/contract';
import type { Database } from '@bhasha/db';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { normaliseUrl } from '../crawl/normalise-url';
import { createTranslationsRepository } from './translations.repository';

export type EditorFilterInput = z.output<typeof editorFilterSchema>;

/**
 * The strings the editor's filter lists in one language, as a condition on `segments`, for the
 * actions on everything that matches (ADR 0030). The same conditions as /translation/filter, so
 * the job takes exactly the strings the editor counted.
 */
export function createEditorFilterSelection(db: Database) {
  const repository = createTranslationsRepository(db);
  return {
    /** A URL that is not a page of the project answers 404, as the editor's listing does. */
    async condition(projectId: string, targetLang: string, filter: EditorFilterInput): Promise<SQL> {
      let pageId: string | undefined;
      if (filter.url) {
        const page = await repository.findPage(projectId, filter.url, normaliseUrl(filter.url));
        if (!page) throw new AppError(404, 'NOT_FOUND', SCOPE_MESSAGES.urlNotFound);
        pageId = page.id;
      }
      return repository.matchingSegments(projectId, {
        targetLang,
        ...(pageId ? { pageId } : {}),
        ...(filter.searchText ? { searchText: filter.searchText, searchIn: filter.searchIn } : {}),
        types: filter.types,
        newContent: filter.newContent,
        displayTypes: filter.displayTypes,
        kinds: filter.kinds,
      });
    },
  };
}

export type EditorFilterSelection = ReturnType<typeof createEditorFilterSelection>;
