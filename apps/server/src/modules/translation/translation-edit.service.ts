import {
  REPLACE_PREVIEW_LIMIT,
  TRANSLATION_MESSAGES,
  type DisplayType,
  type TmEntry,
  type TranslationType,
} from '@bhasha/contract';
import type { Principal } from '../../http/access';
import { AppError } from '../../lib/app-error';
import { withTransaction } from '../../lib/with-transaction';
import type { Clock } from '../../lib/clock';
import type { Database } from '@bhasha/db';
import { createProjectsRepository } from '../projects/projects.repository';
import { canManageProjects } from '../projects/projects.policy';
import { pagingOf, type TranslationContext } from './translation-context';
import { presentEntry, presentRevision } from './translation.presenter';
import { buildReplacer } from './text-replace';
import type { TranslationChange, TranslationWriter, WriteContext } from './translation-writer.repository';
import { createTranslationsRepository, type TranslationsRepository } from './translations.repository';

/** Changes to the translation memory by users: edits, display type, revisions, replace, languages. */
export function createTranslationEditService(deps: {
  db: Database;
  repository: TranslationsRepository;
  context: TranslationContext;
  writer: TranslationWriter;
  clock: Clock;
}) {
  const { repository, context, writer } = deps;

  const writeContext = (
    principal: Principal,
    project: { id: string; organisationId: string },
  ): WriteContext => ({
    organisationId: project.organisationId,
    projectId: project.id,
    authorId: principal.id,
  });

  async function requireEntry(projectId: string, targetLang: string, sourceHash: string) {
    const entry = await repository.findEntry(projectId, targetLang, sourceHash);
    if (!entry) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
    return entry;
  }

  return {
    /**
     * /translation/user/update: the user's text becomes a USER translation (a new version and a
     * revision). A save based on an older version still saves; `conflict` says so (ADR 0007).
     */
    async userUpdate(
      principal: Principal,
      input: {
        projectId: string;
        targetLang: string;
        sourceHash: string;
        preProcessedTarget: string;
        displayType: DisplayType;
        version?: number;
      },
    ): Promise<{ tm: TmEntry; conflict: boolean }> {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const [result] = await writer.write(writeContext(principal, project), [
        {
          sourceHash: input.sourceHash,
          targetLang: input.targetLang,
          text: input.preProcessedTarget,
          type: 'USER',
          displayType: input.displayType,
          origin: 'editor',
          ...(input.version !== undefined ? { baseVersion: input.version } : {}),
        },
      ]);
      if (!result?.entry) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
      return { tm: result.entry, conflict: result.conflict };
    },

    /** translation/toggle/transliteration/type: set (or flip) the display type of translated entries. */
    async toggleDisplayType(
      principal: Principal,
      input: { projectId: string; targetLang: string; sourceHashes: string[]; displayType?: DisplayType },
    ) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const changes: TranslationChange[] = [];
      const untouched: TmEntry[] = [];
      for await (const batch of repository.iterateEntries(project.id, {
        targetLang: input.targetLang,
        sourceHashes: input.sourceHashes,
      })) {
        for (const row of batch) {
          const entry = presentEntry(row, input.targetLang);
          const next: DisplayType =
            input.displayType ?? (entry.displayType === 't13n' ? 'translation' : 't13n');
          if (entry.version === 0 || entry.displayType === next) {
            untouched.push(entry);
            continue;
          }
          changes.push({
            sourceHash: entry.sourceHash,
            targetLang: input.targetLang,
            text: entry.preProcessedTarget,
            type: entry.translationType,
            displayType: next,
            origin: 'toggle',
          });
        }
      }
      if (changes.length === 0 && untouched.length === 0)
        throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
      const results = await writer.write(writeContext(principal, project), changes);
      const changed = results.flatMap((r) => (r.entry ? [r.entry] : []));
      return { updated: changed.length, tm: [...changed, ...untouched] };
    },

    /**
     * translation/noTranslation/mark (ADR 0015): translated entries become NO_TRANSLATION_AVAILABLE
     * with no text (pages show the source, the counts move to untranslated); each is a revision,
     * so the text it had can be restored. Entries already without a translation are left as they are.
     */
    async markNoTranslation(
      principal: Principal,
      input: { projectId: string; targetLang: string; sourceHashes: string[] },
    ) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const changes: TranslationChange[] = [];
      const untouched: TmEntry[] = [];
      for await (const batch of repository.iterateEntries(project.id, {
        targetLang: input.targetLang,
        sourceHashes: input.sourceHashes,
      })) {
        for (const row of batch) {
          const entry = presentEntry(row, input.targetLang);
          if (entry.translationType === 'NO_TRANSLATION_AVAILABLE' && entry.preProcessedTarget === '') {
            untouched.push(entry);
            continue;
          }
          changes.push({
            sourceHash: entry.sourceHash,
            targetLang: input.targetLang,
            text: '',
            type: 'NO_TRANSLATION_AVAILABLE',
            displayType: entry.displayType,
            origin: 'noTranslation',
            // A save that lands between this read and the write is reported as a conflict and kept as a revision.
            baseVersion: entry.version,
          });
        }
      }
      if (changes.length === 0 && untouched.length === 0)
        throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
      const results = await writer.write(writeContext(principal, project), changes);
      const changed = results.flatMap((r) => (r.entry ? [r.entry] : []));
      const updated = results.filter((r) => r.outcome === 'created' || r.outcome === 'updated').length;
      return { updated, tm: [...changed, ...untouched] };
    },

    /** translation/revision/create: a checkpoint of the current text of a hash in each language. */
    async createRevision(
      principal: Principal,
      input: { projectId: string; languages: string[]; sourceHash: string },
    ) {
      const project = await context.project(principal, input.projectId);
      const languages = context.languagesOf(project, input.languages);
      const entry = await requireEntry(project.id, languages[0]!, input.sourceHash);
      const current = await repository.currentByHash(project.id, input.sourceHash, languages);
      if (current.length === 0)
        throw new AppError(404, 'NOT_FOUND', 'There is no translation of this string to keep as a revision');
      const rows = await repository.insertCheckpoints(
        current.map((t) => ({
          organisationId: project.organisationId,
          projectId: project.id,
          segmentId: entry.segmentId,
          sourceHash: t.sourceHash,
          targetLang: t.targetLang,
          text: t.text,
          type: t.type,
          displayType: t.displayType,
          origin: t.origin,
          version: t.version,
          checkpoint: true,
          createdBy: principal.id,
          createdAt: deps.clock.now(),
        })),
      );
      return { tmRevisions: rows.map((row) => presentRevision(row, null)) };
    },

    /** translation/revision/list: every saved version of an entry, newest first. */
    async listRevisions(
      principal: Principal,
      input: {
        projectId: string;
        targetLang: string;
        sourceHash: string;
        pageNumber: number;
        pageSize: number;
      },
    ) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      await requireEntry(project.id, input.targetLang, input.sourceHash);
      const { rows, total } = await repository.listRevisions(
        project.id,
        input.targetLang,
        input.sourceHash,
        pagingOf(input.pageNumber, input.pageSize),
      );
      return { tmRevisions: rows.map((r) => presentRevision(r.revision, r.createdBy)), total };
    },

    /** translation/revision/restore: the revision's text, type and display type become a new version. */
    async restoreRevision(principal: Principal, input: { projectId: string; revisionId: string }) {
      const project = await context.project(principal, input.projectId);
      const revision = await repository.findRevision(project.id, input.revisionId);
      if (!revision) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.revisionNotFound);
      if (!project.targetLanguages.includes(revision.targetLang))
        throw AppError.validation([TRANSLATION_MESSAGES.languageNotInProject]);
      const [result] = await writer.write(writeContext(principal, project), [
        {
          sourceHash: revision.sourceHash,
          targetLang: revision.targetLang,
          text: revision.text,
          type: revision.type as TranslationType,
          displayType: revision.displayType as DisplayType,
          origin: 'revision',
        },
      ]);
      if (!result?.entry) throw new AppError(404, 'NOT_FOUND', TRANSLATION_MESSAGES.segmentNotFound);
      return { tm: result.entry, conflict: false };
    },

    /**
     * translation/replace: find and replace in the translated targets of one language. A change
     * that would alter the inline placeholders is left out (it would break the page's markup).
     * Replaced entries become USER translations with a revision each.
     */
    async replace(
      principal: Principal,
      input: {
        projectId: string;
        targetLang: string;
        find: string;
        replace: string;
        matchCase: boolean;
        wholeWord: boolean;
        url?: string;
        sourceHashes?: string[];
        preview: boolean;
      },
    ) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      const pageId = await context.pageIdOf(project.id, input.url);
      const replacer = buildReplacer(input.find, input.replace, input);
      const items: Array<{ sourceHash: string; source: string; before: string; after: string }> = [];
      const changes: TranslationChange[] = [];
      for await (const batch of repository.iterateEntries(project.id, {
        targetLang: input.targetLang,
        searchText: input.find,
        searchIn: 'target',
        types: ['USER', 'MACHINE', 'PBK'],
        ...(pageId ? { pageId } : {}),
        ...(input.sourceHashes ? { sourceHashes: input.sourceHashes } : {}),
      })) {
        for (const row of batch) {
          const before = row.text ?? '';
          const after = replacer(before);
          if (after === null) continue;
          if (items.length < REPLACE_PREVIEW_LIMIT)
            items.push({ sourceHash: row.sourceHash, source: row.source, before, after });
          changes.push({
            sourceHash: row.sourceHash,
            targetLang: input.targetLang,
            text: after,
            type: 'USER',
            displayType: (row.displayType ?? 'translation') as DisplayType,
            origin: 'replace',
          });
        }
      }
      if (!input.preview && changes.length > 0) await writer.write(writeContext(principal, project), changes);
      return { modifiedTmCount: changes.length, preview: input.preview, items };
    },

    /** translation/languageDeletion: the language leaves the project; its translations go, revisions stay. */
    async deleteLanguage(principal: Principal, input: { projectId: string; targetLang: string }) {
      const project = await context.projectInLanguage(principal, input.projectId, input.targetLang);
      if (!canManageProjects(principal)) throw AppError.forbidden();
      const remaining = project.targetLanguages.filter((l) => l !== input.targetLang);
      if (remaining.length === 0) throw AppError.validation([TRANSLATION_MESSAGES.lastLanguage]);
      const deletedTranslations = await withTransaction(
        deps.db,
        (tx) => ({ projects: createProjectsRepository(tx), translations: createTranslationsRepository(tx) }),
        async ({ projects, translations }) => {
          await projects.update(project.id, { targetLanguages: remaining }, deps.clock.now());
          return translations.deleteLanguage(project.id, input.targetLang);
        },
      );
      return { targetLanguages: remaining, deletedTranslations };
    },
  };
}

export type TranslationEditService = ReturnType<typeof createTranslationEditService>;
