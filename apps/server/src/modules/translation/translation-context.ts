import { TRANSLATION_MESSAGES, SCOPE_MESSAGES } from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { normaliseUrl } from '../crawl/normalise-url';
import type { ProjectAccess } from '../projects/project-access';
import type { ProjectRow } from '../projects/projects.repository';
import type { TranslationsRepository } from './translations.repository';

/**
 * The checks every translation call starts with: the project is visible to the caller (else 404,
 * also for other organisations' projects), the language is one of its targets, the URL one of
 * its pages.
 */
export function createTranslationContext(access: ProjectAccess, repository: TranslationsRepository) {
  function requireLanguage(project: ProjectRow, targetLang: string): void {
    if (!project.targetLanguages.includes(targetLang))
      throw AppError.validation([TRANSLATION_MESSAGES.languageNotInProject]);
  }

  return {
    project: (principal: Principal, projectId: string) => access.requireVisible(principal, projectId),

    async projectInLanguage(
      principal: Principal,
      projectId: string,
      targetLang: string,
    ): Promise<ProjectRow> {
      const project = await access.requireVisible(principal, projectId);
      requireLanguage(project, targetLang);
      return project;
    },

    /** Languages asked for (all targets when none), each a target of the project. */
    languagesOf(project: ProjectRow, requested: readonly string[] | undefined): string[] {
      if (!requested || requested.length === 0) return [...project.targetLanguages];
      for (const language of requested) requireLanguage(project, language);
      return [...new Set(requested)];
    },

    /** The page id of a URL filter; a URL that is not a page of the project answers 404. */
    async pageIdOf(projectId: string, url: string | undefined): Promise<string | undefined> {
      if (!url) return undefined;
      const page = await repository.findPage(projectId, url, normaliseUrl(url));
      if (!page) throw new AppError(404, 'NOT_FOUND', SCOPE_MESSAGES.urlNotFound);
      return page.id;
    },
  };
}

export type TranslationContext = ReturnType<typeof createTranslationContext>;

/** Offset paging from the contract's 1-based page number. */
export function pagingOf(pageNumber: number, pageSize: number) {
  return { offset: (pageNumber - 1) * pageSize, limit: pageSize };
}

/** Where an unexpected error is recorded before its text is replaced (the request's logger). */
export interface ErrorLog {
  error(details: object, message: string): void;
}

/**
 * Re-throws a failure of a call whose failure text the spec fixes (spec §8): same status and type,
 * the spec's message, and the precise reason in `data`. Validation failures keep their own text;
 * an unexpected error is logged and answers 500 with the spec's text.
 */
export function withSpecMessage<T>(message: string, log: ErrorLog, work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    if (error instanceof AppError) {
      if (error.statusCode === 400) throw error;
      throw new AppError(error.statusCode, error.type, message, { reason: error.message });
    }
    log.error({ err: error }, 'unhandled error');
    throw new AppError(500, 'INTERNAL_ERROR', message);
  });
}
