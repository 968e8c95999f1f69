import type { Project, TmEntry, TmRevision, TranslationType } from '@bhasha/contract';
import { fail, installFakeServer, ok, type FakeRoute } from '../../../test/fake-server';
import { buildProject } from '../../../test/project-fixtures';
import { abilitiesFor, signedInRoutes } from '../../../test/signed-in';

const ABILITIES = abilitiesFor(['dashboard', 'projects', 'workspace']);

export const PROJECT = buildProject(['p1.example.in']);

/** A segment of the fake project: `type` and `target` give its current translation. */
export function entry(
  index: number,
  source: string,
  type: TranslationType = 'NO_TRANSLATION_AVAILABLE',
  target = '',
): TmEntry {
  return {
    segmentId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    sourceHash: `h${index}`,
    source,
    kind: 'text',
    wordCount: source.split(/\s+/).length,
    isNew: type === 'NO_TRANSLATION_AVAILABLE',
    targetLang: 'hi',
    preProcessedTarget: target,
    translationType: type,
    displayType: 'translation',
    version: target ? 1 : 0,
    updatedAt: null,
    updatedBy: null,
  };
}

interface FilterBody {
  searchText?: string;
  types?: TranslationType[];
  newContent?: boolean;
  pageNumber: number;
  pageSize: number;
  after?: string;
  before?: string;
}

/**
 * A small in-memory translation server behind the fake fetch: it filters, pages, saves with
 * versions and keeps revisions the way the real one's contract describes, so the editor's
 * requests and the rows it shows can be checked together.
 */
export function startWorkspaceServer(
  initial: TmEntry[],
  options: {
    failUpdatesOf?: string;
    /** Another project than the website one (a mobile app's). */
    project?: Project;
    /** Further routes, for calls only some projects make. */
    routes?: Record<string, FakeRoute>;
  } = {},
) {
  const rows = new Map(initial.map((row) => [row.sourceHash, { ...row }]));
  const order = new Map(initial.map((row, index) => [row.sourceHash, index + 1]));
  const revisions = new Map<string, TmRevision[]>();
  let revisionCounter = 0;

  const recordRevision = (row: TmEntry, origin: TmRevision['origin']) => {
    const revision: TmRevision = {
      id: `00000000-0000-4000-9000-${String(++revisionCounter).padStart(12, '0')}`,
      sourceHash: row.sourceHash,
      targetLang: row.targetLang,
      preProcessedTarget: row.preProcessedTarget,
      translationType: row.translationType,
      displayType: row.displayType,
      version: row.version,
      origin,
      checkpoint: false,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, revisionCounter)).toISOString(),
      createdBy: 'asha@example.com',
    };
    revisions.set(row.sourceHash, [revision, ...(revisions.get(row.sourceHash) ?? [])]);
  };
  for (const row of rows.values()) if (row.version > 0) recordRevision(row, 'machine');

  const save = (sourceHash: string, text: string, origin: TmRevision['origin']) => {
    const row = rows.get(sourceHash)!;
    const next: TmEntry = {
      ...row,
      preProcessedTarget: text,
      translationType: 'USER',
      isNew: false,
      version: row.version + 1,
      updatedBy: 'asha@example.com',
    };
    rows.set(sourceHash, next);
    recordRevision(next, origin);
    return next;
  };

  const server = installFakeServer({
    ...signedInRoutes(ABILITIES),
    'POST /api/project/details': () => ok({ project: options.project ?? PROJECT }),
    'GET /api/scope/urls/p1': () => ok({ urlList: [], total: 0 }),
    'POST /api/translation/counts': () => {
      const words = (type: TranslationType) =>
        [...rows.values()]
          .filter((row) => row.translationType === type)
          .reduce((sum, row) => sum + row.wordCount, 0);
      const counts = {
        machineTranslated: words('MACHINE'),
        totalWC: [...rows.values()].reduce((sum, row) => sum + row.wordCount, 0),
        professionalTranslated: words('PBK'),
        humanVerified: words('USER'),
        newContentAvailable: words('NO_TRANSLATION_AVAILABLE'),
      };
      return ok({
        ...counts,
        targetLang: 'hi',
        untranslated: counts.newContentAvailable,
        segments: { ...counts, untranslated: 0 },
      });
    },
    'POST /api/translation/filter': (body) => {
      const filter = body as FilterBody;
      const matching = [...rows.values()].filter((row) => {
        const typeFilters = filter.types ?? [];
        const typeMatches =
          (typeFilters.length === 0 && !filter.newContent) ||
          typeFilters.includes(row.translationType) ||
          (filter.newContent === true && row.isNew && row.translationType === 'NO_TRANSLATION_AVAILABLE');
        const search = filter.searchText?.toLowerCase();
        const textMatches =
          !search ||
          row.source.toLowerCase().includes(search) ||
          row.preProcessedTarget.toLowerCase().includes(search);
        return typeMatches && textMatches;
      });
      // Keyset paging like the server's (ADR 0018): a row's cursor is its place in document order.
      const seqOf = (row: TmEntry) => String(order.get(row.sourceHash)!);
      let tm: TmEntry[];
      let hasPrevious: boolean;
      let hasNext: boolean;
      if (filter.after !== undefined) {
        const after = matching.filter((row) => order.get(row.sourceHash)! > Number(filter.after));
        tm = after.slice(0, filter.pageSize);
        hasPrevious = true;
        hasNext = after.length > filter.pageSize;
      } else if (filter.before !== undefined) {
        const before = matching.filter((row) => order.get(row.sourceHash)! < Number(filter.before));
        tm = before.slice(-filter.pageSize);
        hasPrevious = before.length > filter.pageSize;
        hasNext = true;
      } else {
        const start = (filter.pageNumber - 1) * filter.pageSize;
        tm = matching.slice(start, start + filter.pageSize);
        hasPrevious = start > 0;
        hasNext = matching.length > start + filter.pageSize;
      }
      return ok({
        tm,
        total: matching.length,
        startCursor: tm[0] ? seqOf(tm[0]) : null,
        endCursor: tm.length > 0 ? seqOf(tm[tm.length - 1]!) : null,
        hasPrevious,
        hasNext,
      });
    },
    'POST /api/translation/user/update': (body) => {
      const update = body as { sourceHash: string; preProcessedTarget: string; version?: number };
      if (update.sourceHash === options.failUpdatesOf)
        return fail('Error:User Translation update failed', undefined, 500);
      const conflict = update.version !== undefined && update.version < rows.get(update.sourceHash)!.version;
      return ok(
        { tm: save(update.sourceHash, update.preProcessedTarget, 'editor'), conflict },
        'Translation saved',
      );
    },
    'POST /api/translation/noTranslation/mark': (body) => {
      const { sourceHashes } = body as { sourceHashes: string[] };
      const tm: TmEntry[] = [];
      let updated = 0;
      for (const sourceHash of sourceHashes) {
        const row = rows.get(sourceHash)!;
        if (row.translationType === 'NO_TRANSLATION_AVAILABLE') {
          tm.push(row);
          continue;
        }
        const next: TmEntry = {
          ...row,
          preProcessedTarget: '',
          translationType: 'NO_TRANSLATION_AVAILABLE',
          version: row.version + 1,
        };
        rows.set(sourceHash, next);
        recordRevision(next, 'noTranslation');
        tm.push(next);
        updated += 1;
      }
      return ok({ updated, tm }, 'Marked as no translation');
    },
    'POST /api/translation/revision/list': (body) => {
      const list = revisions.get((body as { sourceHash: string }).sourceHash) ?? [];
      return ok({ tmRevisions: list, total: list.length });
    },
    'POST /api/translation/revision/restore': (body) => {
      const revisionId = (body as { revisionId: string }).revisionId;
      const revision = [...revisions.values()].flat().find((item) => item.id === revisionId);
      if (!revision) return fail('This revision was not found', undefined, 404);
      return ok({ tm: save(revision.sourceHash, revision.preProcessedTarget, 'revision'), conflict: false });
    },
    'POST /api/translation/tm/fuzzy': (body) => {
      const { sourceHash } = body as { sourceHash: string };
      if (sourceHash !== 'h1') return ok({ matches: [] });
      return ok({
        matches: [
          {
            score: 86,
            sourceHash: 'other',
            sourceText: 'Apply online now',
            text: 'अभी ऑनलाइन आवेदन करें',
            type: 'USER',
            displayType: 'translation',
            projectId: 'p0',
            diff: [
              { op: 'equal', text: 'Apply online' },
              { op: 'delete', text: ' now' },
            ],
          },
        ],
      });
    },
    'POST /api/translation/replace': (body) => {
      const request = body as { find: string; replace: string; preview: boolean; sourceHashes?: string[] };
      const hits = [...rows.values()].filter(
        (row) =>
          row.preProcessedTarget.includes(request.find) &&
          (!request.sourceHashes || request.sourceHashes.includes(row.sourceHash)),
      );
      const items = hits.map((row) => ({
        sourceHash: row.sourceHash,
        source: row.source,
        before: row.preProcessedTarget,
        after: row.preProcessedTarget.split(request.find).join(request.replace),
      }));
      if (!request.preview) for (const item of items) save(item.sourceHash, item.after, 'replace');
      return ok(
        { modifiedTmCount: hits.length, preview: request.preview, items },
        hits.length === 0 ? 'No Strings found to replace!' : 'Success',
      );
    },
    ...options.routes,
  });
  return { ...server, rows, revisions };
}
