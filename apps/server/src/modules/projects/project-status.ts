import { PROJECT_CREATION_STATUS as S, PROJECT_MESSAGES, type ProjectCreationStatus } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';

/**
 * The project creation status machine (spec §4: partialCreated → processing → crawling → crawled
 * → parsing → parsed → translationProcess → translationCompleted, with crawlingFailed and
 * parsingFailed). A new crawl may start from any settled state; staying in a state is allowed.
 */
const NEXT: Readonly<Record<ProjectCreationStatus, readonly ProjectCreationStatus[]>> = {
  partialCreated: [S.processing, S.crawling],
  processing: [S.crawling, S.partialCreated],
  crawling: [S.crawled, S.crawlingFailed],
  crawlingFailed: [S.crawling],
  crawled: [S.parsing, S.crawling],
  parsing: [S.parsed, S.parsingFailed],
  parsingFailed: [S.parsing, S.crawling],
  parsed: [S.translationProcess, S.crawling],
  translationProcess: [S.translationCompleted, S.parsed, S.crawling],
  translationCompleted: [S.translationProcess, S.crawling],
};

/** Whether a project may go from one status to another. */
export function canTransition(from: ProjectCreationStatus, to: ProjectCreationStatus): boolean {
  return from === to || NEXT[from].includes(to);
}

/** Throws a validation error when the transition is not allowed. */
export function assertTransition(from: ProjectCreationStatus, to: ProjectCreationStatus): void {
  if (!canTransition(from, to)) throw AppError.validation([PROJECT_MESSAGES.invalidStatusChange]);
}

/** The statuses a transition to `to` may start from (for a guarded UPDATE … WHERE status IN). */
export function statusesLeadingTo(to: ProjectCreationStatus): ProjectCreationStatus[] {
  return (Object.keys(NEXT) as ProjectCreationStatus[]).filter((from) => canTransition(from, to));
}
