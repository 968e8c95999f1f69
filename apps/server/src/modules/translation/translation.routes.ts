import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  DOWNLOAD_NAMES,
  ERROR_MESSAGES,
  TRANSLATION_MESSAGES,
  VALIDATION_MESSAGES,
  allCountsResponseSchema,
  analyzeNewContentRequestSchema,
  analyzeNewContentResponseSchema,
  batchFileRequestSchema,
  fetchAllCountRequestSchema,
  generateReportRequestSchema,
  generateReportResponseSchema,
  languageDeletionRequestSchema,
  languageDeletionResponseSchema,
  markNoTranslationRequestSchema,
  markNoTranslationResponseSchema,
  metaPaginatedRequestSchema,
  metaPaginatedResponseSchema,
  newContentViewRequestSchema,
  replaceRequestSchema,
  replaceResponseSchema,
  reportDownloadRequestSchema,
  revisionCreateRequestSchema,
  revisionCreateResponseSchema,
  revisionListRequestSchema,
  revisionListResponseSchema,
  revisionRestoreRequestSchema,
  seoGetRequestSchema,
  statusWordCountRequestSchema,
  statusWordCountResponseSchema,
  tmCountRequestSchema,
  tmCountResponseSchema,
  tmEntryChangeResponseSchema,
  tmListResponseSchema,
  toggleTransliterationRequestSchema,
  toggleTransliterationResponseSchema,
  translationCountsRequestSchema,
  translationCountsResponseSchema,
  translationDashboardRequestSchema,
  translationDashboardResponseSchema,
  translationFilterRequestSchema,
  userUpdateRequestSchema,
} from '@bhasha/contract';
import { ok } from '../../http/envelope';
import { responses } from '../../http/responses';
import type { Services } from '../../services';
import { PROJECT_MANAGER_ROLES, PROJECT_READER_ROLES } from '../projects/projects.policy';
import { withSpecMessage } from './translation-context';

const tags = ['translation'];
const security = [{ token: [] }];
const readers = { access: PROJECT_READER_ROLES, ownOrganisation: true } as const;

/** Translation calls of spec §7 "Translation": counts, the TM listing, edits, revisions, replace, reports. */
export const translationRoutes: FastifyPluginCallbackZod<{
  services: Pick<Services, 'translationEdits' | 'translationQueries' | 'translationReports'>;
}> = (app, { services }, done) => {
  const { translationQueries: queries, translationEdits: edits, translationReports: reports } = services;

  app.post(
    '/translation/status/wordcount',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Words per translation type of a language, for the project or one URL',
        body: statusWordCountRequestSchema,
        response: responses(statusWordCountResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.wordCountFetchFailed, request.log, () =>
          queries.statusWordCount(request.principal!, request.body),
        ),
      ),
  );

  app.post(
    '/translation/tm/count',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Segments and words per translation type of a language (TM counts)',
        body: tmCountRequestSchema,
        response: responses(tmCountResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.tmCount(request.principal!, request.body)),
  );

  app.post(
    '/translation/counts',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'machineTranslated, totalWC, professionalTranslated, humanVerified, newContentAvailable',
        body: translationCountsRequestSchema,
        response: responses(translationCountsResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.counts(request.principal!, request.body)),
  );

  app.post(
    '/translation/dashboard/get',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: "Every target language's progress",
        body: translationDashboardRequestSchema,
        response: responses(translationDashboardResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.dashboard(request.principal!, request.body.projectId)),
  );

  app.post(
    '/translation/fetchAllWordCount',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Words per language and translation type',
        body: fetchAllCountRequestSchema,
        response: responses(allCountsResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.fetchAll(request.principal!, request.body.projectId, 'words')),
  );

  app.post(
    '/translation/fetchAllCharacterCount',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Characters per language and translation type',
        body: fetchAllCountRequestSchema,
        response: responses(allCountsResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.fetchAll(request.principal!, request.body.projectId, 'chars')),
  );

  app.post(
    '/translation/filter',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'TM entries of a language, paged, by URL, text and type filters',
        body: translationFilterRequestSchema,
        response: responses(tmListResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.filter(request.principal!, request.body)),
  );

  app.post(
    '/translation/newContent/view',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'New segments without a translation in the language, paged',
        body: newContentViewRequestSchema,
        response: responses(tmListResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.newContentView(request.principal!, request.body)),
  );

  app.post(
    '/translation/seo/get',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Titles, meta descriptions and other meta tags with their translations',
        body: seoGetRequestSchema,
        response: responses(tmListResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.seo(request.principal!, request.body)),
  );

  app.post(
    '/meta/paginated/get',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: "Per URL, the page's title and meta entries, paged",
        body: metaPaginatedRequestSchema,
        response: responses(metaPaginatedResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.metaPaginated(request.principal!, request.body)),
  );

  app.post(
    '/translation/analyze/new/content',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'New untranslated segments and words per language; none is an error',
        body: analyzeNewContentRequestSchema,
        response: responses(analyzeNewContentResponseSchema, 400, 404),
      },
    },
    async (request) => ok(await queries.analyzeNewContent(request.principal!, request.body)),
  );

  app.post(
    '/translation/user/update',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: "Save a user's translation (a new version and revision)",
        body: userUpdateRequestSchema,
        response: responses(tmEntryChangeResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const result = await withSpecMessage(ERROR_MESSAGES.userTranslationUpdateFailed, request.log, () =>
        edits.userUpdate(request.principal!, request.body),
      );
      return ok(result, result.conflict ? TRANSLATION_MESSAGES.savedOverNewer : TRANSLATION_MESSAGES.saved);
    },
  );

  app.post(
    '/translation/toggle/transliteration/type',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Set or flip the display type (translation / t13n) of entries',
        body: toggleTransliterationRequestSchema,
        response: responses(toggleTransliterationResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(await edits.toggleDisplayType(request.principal!, request.body), TRANSLATION_MESSAGES.toggled),
  );

  app.post(
    '/translation/noTranslation/mark',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Remove the translation of entries (NO_TRANSLATION_AVAILABLE), keeping a revision each',
        body: markNoTranslationRequestSchema,
        response: responses(markNoTranslationResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await edits.markNoTranslation(request.principal!, request.body),
        TRANSLATION_MESSAGES.markedNoTranslation,
      ),
  );

  app.post(
    '/translation/revision/create',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Keep the current text of a string in the given languages as a revision',
        body: revisionCreateRequestSchema,
        response: responses(revisionCreateResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.tmRevisionCreateFailed, request.log, () =>
          edits.createRevision(request.principal!, request.body),
        ),
        TRANSLATION_MESSAGES.revisionCreated,
      ),
  );

  app.post(
    '/translation/revision/list',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Every saved version of an entry, newest first',
        body: revisionListRequestSchema,
        response: responses(revisionListResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.tmRevisionFetchFailed, request.log, () =>
          edits.listRevisions(request.principal!, request.body),
        ),
      ),
  );

  app.post(
    '/translation/revision/restore',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Make a revision the current version again',
        body: revisionRestoreRequestSchema,
        response: responses(tmEntryChangeResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.revertFailed, request.log, () =>
          edits.restoreRevision(request.principal!, request.body),
        ),
        TRANSLATION_MESSAGES.revisionRestored,
      ),
  );

  app.post(
    '/translation/replace',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Find and replace in the translations of a language, with a preview',
        body: replaceRequestSchema,
        response: responses(replaceResponseSchema, 400, 404),
      },
    },
    async (request) => {
      const result = await edits.replace(request.principal!, request.body);
      const message =
        result.modifiedTmCount === 0
          ? VALIDATION_MESSAGES.noStringsToReplace
          : result.preview
            ? 'Success'
            : TRANSLATION_MESSAGES.replaced;
      return ok(result, message);
    },
  );

  app.post(
    '/translation/languageDeletion',
    {
      config: { access: PROJECT_MANAGER_ROLES, ownOrganisation: true },
      schema: {
        tags,
        security,
        summary: 'Remove a target language and its translations (revisions stay)',
        body: languageDeletionRequestSchema,
        response: responses(languageDeletionResponseSchema, 400, 403, 404),
      },
    },
    async (request) =>
      ok(await edits.deleteLanguage(request.principal!, request.body), TRANSLATION_MESSAGES.languageDeleted),
  );

  app.post(
    '/translation/generateReport',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Project report: words and segments per language and type',
        body: generateReportRequestSchema,
        response: responses(generateReportResponseSchema, 400, 404),
      },
    },
    async (request) =>
      ok(
        await withSpecMessage(ERROR_MESSAGES.projectReportFetchFailed, request.log, () =>
          reports.generate(request.principal!, request.body),
        ),
      ),
  );

  app.post(
    '/report/download',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Download the project report as projectReport.csv',
        body: reportDownloadRequestSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const csv = await withSpecMessage(ERROR_MESSAGES.projectReportFetchFailed, request.log, () =>
        reports.csv(request.principal!, request.body),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${DOWNLOAD_NAMES.projectReport}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/translation/download/batchFile',
    {
      config: readers,
      schema: {
        tags,
        security,
        summary: 'Download the selected entries of a language as batchFile.csv',
        body: batchFileRequestSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lines = await reports.batchFile(request.principal!, request.body);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${DOWNLOAD_NAMES.batchFile}-${request.body.targetLang}.csv"`,
        )
        .send(Readable.from(lines));
    },
  );
  done();
};
