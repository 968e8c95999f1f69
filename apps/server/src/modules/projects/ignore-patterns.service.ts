import { createHash } from 'node:crypto';
import {
  ERROR_CODES,
  IGNORE_PATTERN_RESULT_MESSAGES,
  MAX_IGNORE_PATTERNS,
  splitRegexPattern,
  type IgnorePatternItem,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IgnorePatternsRepository } from './ignore-patterns.repository';
import type { ProjectAccess } from './project-access';

/** The id of a pattern: a hash of its text, so it names the same pattern on every call. */
export function ignorePatternId(pattern: string): string {
  return createHash('sha256').update(pattern, 'utf8').digest('hex').slice(0, 16);
}

function toItem(pattern: string): IgnorePatternItem {
  return { id: ignorePatternId(pattern), pattern, isRegex: splitRegexPattern(pattern) !== null };
}

/**
 * A project's ignore patterns (spec §7 "Project settings"). Patterns arrive already checked by
 * the contract's `ignorePatternSchema` (they compile and cannot backtrack catastrophically);
 * they apply from the next crawl on.
 */
export function createIgnorePatternsService(deps: {
  repository: IgnorePatternsRepository;
  access: ProjectAccess;
  clock: Clock;
}) {
  const { repository, access } = deps;
  return {
    async add(principal: Principal, projectId: string, pattern: string): Promise<IgnorePatternItem> {
      const project = await access.requireManageable(principal, projectId);
      if (await repository.append(project.id, pattern, MAX_IGNORE_PATTERNS, deps.clock.now())) {
        return toItem(pattern);
      }
      const current = await repository.list(project.id);
      if (current.includes(pattern)) {
        throw AppError.conflict(IGNORE_PATTERN_RESULT_MESSAGES.exists);
      }
      throw AppError.validation([IGNORE_PATTERN_RESULT_MESSAGES.tooMany]);
    },

    async list(principal: Principal, projectId: string, paging: { pageNumber: number; pageSize: number }) {
      const project = await access.requireVisible(principal, projectId);
      const all = await repository.list(project.id);
      const start = (paging.pageNumber - 1) * paging.pageSize;
      return {
        ignorePatterns: all.slice(start, start + paging.pageSize).map(toItem),
        totalCount: all.length,
      };
    },

    async remove(principal: Principal, projectId: string, ids: readonly string[]) {
      const project = await access.requireManageable(principal, projectId);
      const wanted = new Set(ids);
      const doomed = (await repository.list(project.id)).filter((pattern) =>
        wanted.has(ignorePatternId(pattern)),
      );
      if (doomed.length === 0) {
        throw new AppError(404, ERROR_CODES.NOT_FOUND, IGNORE_PATTERN_RESULT_MESSAGES.notFound);
      }
      await repository.remove(project.id, doomed, deps.clock.now());
      return { deleted: doomed.length };
    },
  };
}

export type IgnorePatternsService = ReturnType<typeof createIgnorePatternsService>;
