import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ROLE_VALUES, type Role } from '@bhasha/contract';
import { isAllowed, type Principal } from '../../src/http/access';
import type { RouteAccessEntry } from '../../src/http/authenticate';
import { createUsersRepository } from '../../src/modules/users/users.repository';
import { requiredApiKeyScope } from '../../src/modules/api-keys/api-key-scopes';
import { multipartBody } from '../support/multipart';
import { authHeaders, buildTestApp, createTestClock, type TestApp } from '../support/test-app';
import { createMember, createOrganisation } from './tenancy-fixtures';

/*
 * The authorization matrix: every registered API route × {anonymous, each role in organisation A,
 * the same roles in organisation B, an inactive user}, each called on organisation A's resources.
 * Proves: no 2xx where the route's declared access refuses the caller; organisation B's callers
 * get 404 for A's resources; no answer to anyone outside A carries A's identifiers.
 */

/** How a route touches organisation A's rows. */
type RouteKind =
  /** Names one of A's rows by id: callers from B must get 404. */
  | 'resource'
  /** Answers rows of the caller's scope: callers from B must see none of A's. */
  | 'list'
  /** Works on the caller's own data only. */
  | 'self';

interface MatrixContext {
  organisationA: string;
  targetUserId: string;
  targetApikey: string;
  translatorId: string;
  projectId: string;
  /** A second project of A, for the call that deletes one. */
  disposableProjectId: string;
  /** A human translation order of A (pending when the walk starts). */
  manualRequestId: string;
  /** An organisation API key of A, for the call that revokes one. */
  apiKeyId: string;
  /** A webhook endpoint of A. */
  webhookEndpointId: string;
  next(): number;
}

interface RouteFixture {
  kind: RouteKind;
  body?: (ctx: MatrixContext) => Record<string, unknown>;
  query?: string;
  /** The path with A's ids in it (routes whose parameters name the resource). */
  url?: (ctx: MatrixContext) => string;
  /** A multipart upload instead of a JSON body. */
  multipart?: (ctx: MatrixContext) => ReturnType<typeof multipartBody>;
}

const MATRIX_URL = 'https://matrix-alpha.in/';
const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const MATRIX_STRINGS_XML =
  '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n  <string name="hello">Hello</string>\n</resources>\n';
const onProject =
  (extra: Record<string, unknown> = {}) =>
  (ctx: MatrixContext) => ({
    projectId: ctx.projectId,
    ...extra,
  });

/** Payloads per route; a route marked ownOrganisation must have one (checked below). */
const FIXTURES: Record<string, RouteFixture> = {
  'POST /api/user/list': { kind: 'list', body: () => ({ pageSize: 100 }) },
  'POST /api/user': {
    kind: 'list',
    // B's admins name A as the organisation: the server must ignore it and answer B's row.
    body: (ctx) => ({
      name: 'Matrix User',
      email: `matrix-${ctx.next()}@example.in`,
      role: 'collaborator',
      password: 'matrix-pass-1',
      organisationId: ctx.organisationA,
    }),
  },
  'POST /api/user/fetchUserDetails': { kind: 'resource', body: (ctx) => ({ apikey: ctx.targetApikey }) },
  'GET /api/user/delivery-manager/list': { kind: 'list' },
  'GET /api/user/collaborator/list': { kind: 'list' },
  'POST /api/user/switchStatus': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.targetUserId, status: 'active' }),
  },
  'POST /api/user/update': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.targetUserId, updateObj: { name: 'Target User' } }),
  },
  'POST /api/user/update/category/list': {
    kind: 'resource',
    body: (ctx) => ({ userId: ctx.translatorId, categories: [] }),
  },
  'POST /api/project/access/verify': { kind: 'resource', body: (ctx) => ({ projectId: ctx.projectId }) },
  'POST /api/organisation/details': {
    kind: 'resource',
    body: (ctx) => ({ organisationId: ctx.organisationA }),
  },
  'POST /api/organisation/edit': {
    kind: 'resource',
    body: (ctx) => ({ organisationId: ctx.organisationA, editObject: { details: 'Matrix' } }),
  },
  'POST /api/organisation/list': { kind: 'list', body: () => ({ pageSize: 100 }) },
  'POST /api/organisation/all': { kind: 'list' },
  'POST /api/user/resetPasswordThroughProfile': {
    kind: 'self',
    body: () => ({
      currentPassword: 'not-the-password',
      newPassword: 'matrix-new-1',
      confirmPassword: 'matrix-new-1',
    }),
  },
  'GET /api/user/check/': { kind: 'self', query: '?timestamp=0' },
  // Projects, scope and crawl (spec §7): B creates in its own organisation and sees none of A's.
  'POST /api/project/new': {
    kind: 'list',
    body: (ctx) => ({ baseUrl: `https://matrix-${ctx.next()}.example.in`, targetLanguages: ['hi'] }),
  },
  'POST /api/project/new/multiOrigin': {
    kind: 'list',
    body: (ctx) => ({ origins: [`https://matrix-${ctx.next()}.example.in`], targetLanguages: ['hi'] }),
  },
  'POST /api/project': { kind: 'list', body: () => ({ pageSize: 100 }) },
  'POST /api/project/fetchProjectId': { kind: 'list', body: () => ({ url: MATRIX_URL }) },
  'POST /api/project/details': { kind: 'resource', body: onProject() },
  'POST /api/project/update': { kind: 'resource', body: onProject({ name: 'Matrix site' }) },
  'POST /api/project/delete': {
    kind: 'resource',
    body: (ctx) => ({ projectId: ctx.disposableProjectId, keepTm: true }),
  },
  'POST /api/project/stats': { kind: 'resource', body: onProject() },
  'POST /api/project/stats/urlWise': { kind: 'resource', body: onProject({ urls: [MATRIX_URL] }) },
  'POST /api/project/addNewDomain': {
    kind: 'resource',
    body: onProject({ url: 'https://extra.matrix-alpha.in' }),
  },
  'POST /api/project/deleteDomain': {
    kind: 'resource',
    body: onProject({ hostname: 'absent.matrix-alpha.in' }),
  },
  'POST /api/domain/ownership/list': { kind: 'resource', body: onProject({}) },
  'POST /api/domain/ownership/verify': { kind: 'resource', body: onProject({ domainId: ZERO_ID }) },
  'GET /api/project/wordcount/:id': {
    kind: 'resource',
    url: (ctx) => `/api/project/wordcount/${ctx.projectId}`,
  },
  'POST /api/project/deleteIndividualSegments': {
    kind: 'resource',
    body: onProject({ sourceHashes: ['0'.repeat(64)] }),
  },
  'POST /api/project/cache/update': { kind: 'resource', body: onProject({ key: 'matrix', status: true }) },
  'POST /api/project/meta/update': { kind: 'resource', body: onProject({ key: 'matrix', status: true }) },
  'POST /api/project/crawl': { kind: 'resource', body: onProject() },
  'POST /api/scope/crawl/last': { kind: 'resource', body: onProject() },
  'GET /api/scope/:projectId/:pageNumber/:pageSize': {
    kind: 'resource',
    url: (ctx) => `/api/scope/${ctx.projectId}/1/10`,
  },
  'GET /api/scope/allUrl/:id': { kind: 'resource', url: (ctx) => `/api/scope/allUrl/${ctx.projectId}` },
  'GET /api/scope/urls/:id': { kind: 'resource', url: (ctx) => `/api/scope/urls/${ctx.projectId}` },
  'POST /api/scope/domainWiseUrls': { kind: 'resource', body: onProject() },
  'POST /api/domain/fetchAllDomains': { kind: 'resource', body: onProject() },
  'POST /api/scope/flush/start': { kind: 'resource', body: onProject({ url: MATRIX_URL }) },
  'POST /api/scope/add': { kind: 'resource', body: onProject({ urls: [`${MATRIX_URL}about`] }) },
  'POST /api/scope/fetchByDomain': { kind: 'resource', body: onProject({ hostname: 'matrix-alpha.in' }) },
  'POST /api/scope/fetchByurl': { kind: 'resource', body: onProject({ url: MATRIX_URL }) },
  'POST /api/scope/Uniquedomains': { kind: 'resource', body: onProject() },
  'POST /api/scope/toggle': { kind: 'resource', body: onProject({ urls: [MATRIX_URL], inScope: true }) },
  'POST /api/scope/tracking/toggle': {
    kind: 'resource',
    body: onProject({ urls: [MATRIX_URL], tracked: false }),
  },
  'POST /api/scope/project/resync': { kind: 'resource', body: onProject() },
  'POST /api/scope/getTrackingUrls': { kind: 'resource', body: onProject() },
  'POST /api/scope/getPreviewUrl': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/scope/addUrlTranslations': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', urlTranslations: [{ url: '/matrix', translatedUrl: '/matrix-hi' }] }),
  },
  'POST /api/scope/updateTranslatedUrl': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', url: '/matrix', translatedUrl: '/matrix-hi' }),
  },
  'POST /api/scope/getUrlTranslations': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/scope/getTrackingFilesListByUrl': { kind: 'resource', body: onProject({ url: MATRIX_URL }) },
  'POST /api/scope/getTrackingFilesrc': { kind: 'resource', body: onProject({ fileId: ZERO_ID }) },
  'POST /api/scope/getFilehtmls': { kind: 'resource', body: onProject({ fileIds: [ZERO_ID] }) },
  'POST /api/scope/enableUrlTrack': { kind: 'resource', body: onProject({ status: false }) },
  'POST /api/tracker/projectContentTracker': { kind: 'resource', body: onProject() },
  'POST /api/scope/upload': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId },
        { name: 'urls.csv', type: 'text/csv', content: `${MATRIX_URL}upload\n` },
      ),
  },
  'POST /api/project/scope': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId },
        { name: 'urls.csv', type: 'text/csv', content: `${MATRIX_URL}upload\n` },
      ),
  },
  'POST /api/scope/pageSegments': { kind: 'resource', body: onProject({ urlId: ZERO_ID }) },
  // Ignore patterns (spec §7 "Project settings").
  'POST /api/ignore-pattern/add': { kind: 'resource', body: onProject({ pattern: 'Matrix footer' }) },
  'POST /api/ignore-pattern/fetchIgnorePatterns': { kind: 'resource', body: onProject() },
  'POST /api/ignore-pattern/deleteIgnorePatterns': {
    kind: 'resource',
    body: onProject({ ids: ['0'.repeat(16)] }),
  },
  'POST /api/custom-font-size/add': { kind: 'resource', body: onProject({ language: 'hi', fontSize: 18 }) },
  'POST /api/custom-font-size/get': { kind: 'resource', body: onProject() },
  'POST /api/custom-font-size/delete': { kind: 'resource', body: onProject({ ids: ['0'.repeat(16)] }) },
  'POST /api/no-translation-node/add': { kind: 'resource', body: onProject({ selector: '.matrix-brand' }) },
  'POST /api/no-translation-node/get': { kind: 'resource', body: onProject() },
  'POST /api/no-translation-node/delete': { kind: 'resource', body: onProject({ ids: ['0'.repeat(16)] }) },
  'POST /api/swalekhIntegration/add': { kind: 'resource', body: onProject({ selector: 'input.matrix' }) },
  'POST /api/swalekhIntegration/get': { kind: 'resource', body: onProject() },
  'POST /api/swalekhIntegration/delete': { kind: 'resource', body: onProject({ ids: ['0'.repeat(16)] }) },
  'POST /api/parser/verifyScriptIntegration': {
    kind: 'resource',
    body: onProject({ url: 'https://evil.example.com/' }),
  },
  'POST /api/parser/domainVerifications': { kind: 'resource', body: onProject() },
  // Translation memory, suggestions and feedback (spec §7 "Translation").
  'POST /api/translation/status/wordcount': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/tm/count': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/counts': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/dashboard/get': { kind: 'resource', body: onProject() },
  'POST /api/translation/fetchAllWordCount': { kind: 'resource', body: onProject() },
  'POST /api/translation/fetchAllCharacterCount': { kind: 'resource', body: onProject() },
  'POST /api/translation/filter': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/newContent/view': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/seo/get': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/meta/paginated/get': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/analyze/new/content': { kind: 'resource', body: onProject() },
  'POST /api/translation/user/update': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', sourceHash: '0'.repeat(64), preProcessedTarget: 'मैट्रिक्स' }),
  },
  'POST /api/translation/toggle/transliteration/type': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', sourceHashes: ['0'.repeat(64)] }),
  },
  'POST /api/translation/noTranslation/mark': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', sourceHashes: ['0'.repeat(64)] }),
  },
  'POST /api/translation/revision/create': {
    kind: 'resource',
    body: onProject({ languages: ['hi'], sourceHash: '0'.repeat(64) }),
  },
  'POST /api/translation/revision/list': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', sourceHash: '0'.repeat(64) }),
  },
  'POST /api/translation/revision/restore': { kind: 'resource', body: onProject({ revisionId: ZERO_ID }) },
  'POST /api/translation/replace': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', find: 'a', replace: 'b', preview: true }),
  },
  'POST /api/translation/languageDeletion': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/generateReport': { kind: 'resource', body: onProject() },
  'POST /api/report/download': { kind: 'resource', body: onProject() },
  'POST /api/translation/download/batchFile': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/suggestion/filter': { kind: 'resource', body: onProject() },
  'POST /api/suggestion/accept': { kind: 'resource', body: onProject({ suggestionId: ZERO_ID }) },
  'POST /api/suggestion/reject': { kind: 'resource', body: onProject({ suggestionIds: [ZERO_ID] }) },
  'POST /api/suggestion/download': { kind: 'resource', body: onProject() },
  'POST /api/suggestion/upload': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId },
        { name: 'suggestionReport.csv', type: 'text/csv', content: 'suggestionId,action\n' },
      ),
  },
  'POST /api/feedback/get': { kind: 'resource', body: onProject() },
  'POST /api/feedback/csv/get': { kind: 'resource', body: onProject() },
  // Translation memory exchange and fuzzy matches (issue 6, ADR 0011).
  'POST /api/translation/tm/fuzzy': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', text: 'Matrix text' }),
  },
  'POST /api/translation/tm/export/tmx': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/tm/export/csv': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/tm/export/xlsx': { kind: 'resource', body: onProject({ targetLang: 'hi' }) },
  'POST /api/translation/tm/import/tmx': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId, targetLang: 'hi' },
        {
          name: 'matrix.tmx',
          type: 'application/x-tmx+xml',
          content:
            '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Matrix</seg></tuv>' +
            '<tuv xml:lang="hi"><seg>मैट्रिक्स</seg></tuv></tu></body></tmx>',
        },
      ),
  },
  'POST /api/translation/tm/import/tmx/status': {
    kind: 'resource',
    body: onProject({ importId: ZERO_ID }),
  },
  // Collaborator assignment (spec §7 "Multi-domain").
  'POST /api/domains/assignColloborator': {
    kind: 'resource',
    body: (ctx) => ({ projectId: ctx.projectId, userId: ctx.targetUserId }),
  },
  'POST /api/domains/getCollaboratorAssignedList': { kind: 'resource', body: onProject() },
  'POST /api/domains/onMultiDomainColloboratorDelete': {
    kind: 'resource',
    body: (ctx) => ({ projectId: ctx.projectId, userId: ctx.targetUserId }),
  },
  'GET /api/snippet/cache/clear': {
    kind: 'resource',
    url: (ctx) => `/api/snippet/cache/clear?projectId=${ctx.projectId}`,
  },
  'POST /api/snippet/pop-up/css/update': {
    kind: 'resource',
    body: onProject({ css: '.bhasha-switcher{color:red}' }),
  },
  'POST /api/snippet/pop-up/css/fetch': { kind: 'resource', body: onProject() },
  // Machine translation, mask terms and transliteration (issue 7).
  'POST /api/translation/nmt/apply': {
    kind: 'resource',
    body: (ctx) => ({
      projectId: ctx.projectId,
      targetLang: 'hi',
      requestId: `matrix-${ctx.next()}`,
      origin: 'all',
    }),
  },
  'POST /api/translation/nmt/status': { kind: 'resource', body: onProject({ requestId: 'matrix' }) },
  'POST /api/translation/nmt/engines': { kind: 'resource', body: onProject() },
  'POST /api/translation/nmt/engine/set': { kind: 'resource', body: onProject({ nmtService: null }) },
  'POST /api/transliteration/suggest': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', word: 'namaste' }),
  },
  'POST /api/webhook/list': { kind: 'list', body: () => ({}) },
  'POST /api/webhook/create': {
    kind: 'list',
    body: (ctx) => ({ url: `https://hooks.example.org/${ctx.next()}`, events: ['crawl.completed'] }),
  },
  'POST /api/webhook/update': {
    kind: 'resource',
    body: (ctx) => ({ endpointId: ctx.webhookEndpointId, isActive: true }),
  },
  'POST /api/webhook/deliveries': {
    kind: 'resource',
    body: (ctx) => ({ endpointId: ctx.webhookEndpointId }),
  },
  'POST /api/webhook/test': { kind: 'resource', body: (ctx) => ({ endpointId: ctx.webhookEndpointId }) },
  'POST /api/webhook/delete': { kind: 'resource', body: (ctx) => ({ endpointId: ctx.webhookEndpointId }) },
  'POST /api/translation/nmt/engine/organisation/set': {
    kind: 'resource',
    body: (ctx) => ({ organisationId: ctx.organisationA, nmtService: null }),
  },
  'POST /api/translation/nmt/usage': { kind: 'resource', body: onProject() },
  'POST /api/transliterationGlossary/create': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId },
        { name: 'terms.csv', type: 'text/csv', content: 'term\nMatrix\n' },
      ),
  },
  'POST /api/transliterationGlossary/get': { kind: 'resource', body: onProject() },
  'POST /api/transliterationGlossary/delete': { kind: 'resource', body: onProject({ ids: [ZERO_ID] }) },
  'POST /api/transliterationGlossary/csv/get': { kind: 'resource', body: onProject() },
  'POST /api/transliteration': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId, targetLang: 'hi' },
        { name: 'pairs.csv', type: 'text/csv', content: 'source,target\nMatrix,मैट्रिक्स\n' },
      ),
  },
  'POST /api/transliteration/get': { kind: 'resource', body: onProject() },
  'POST /api/transliteration/delete': { kind: 'resource', body: onProject({ ids: [ZERO_ID] }) },
  'POST /api/transliteration/applyTransliteration': {
    kind: 'resource',
    body: onProject({ targetLang: 'hi', idArr: [ZERO_ID] }),
  },
  'POST /api/transliteration/applyTransliteration/filter': {
    kind: 'resource',
    body: (ctx) => ({
      projectId: ctx.projectId,
      targetLang: 'hi',
      requestId: `matrix-${ctx.next()}`,
      filter: {},
    }),
  },
  // Human translation orders (issue 6, ADR 0026).
  'POST /api/manual-translation/request': {
    kind: 'resource',
    body: onProject({ targetLanguages: ['hi'], filter: { newContent: false } }),
  },
  'GET /api/manual-translation/request/:page/:size': { kind: 'list' },
  'GET /api/manual-translation/request/:projectId/:page/:size': {
    kind: 'resource',
    url: (ctx) => `/api/manual-translation/request/${ctx.projectId}/1/10`,
  },
  'GET /api/manual-translation/request/:id': {
    kind: 'resource',
    url: (ctx) => `/api/manual-translation/request/${ctx.manualRequestId}`,
  },
  'POST /api/prabandhak/approve': { kind: 'resource', body: (ctx) => ({ requestId: ctx.manualRequestId }) },
  // Organisation API keys (ADR 0042).
  'GET /api/organisation/api-keys': { kind: 'list' },
  'POST /api/organisation/api-keys': {
    kind: 'resource',
    body: (ctx) => ({ name: `Matrix key ${ctx.next()}`, scopes: ['read'], projectId: ctx.projectId }),
  },
  'POST /api/organisation/api-keys/:keyId/revoke': {
    kind: 'resource',
    url: (ctx) => `/api/organisation/api-keys/${ctx.apiKeyId}/revoke`,
  },
  'GET /api/organisation/api-keys/audit': { kind: 'list' },
  'POST /api/manual-translation/reject': {
    kind: 'resource',
    body: (ctx) => ({ requestId: ctx.manualRequestId }),
  },
  'POST /api/manual-translation/revert': {
    kind: 'resource',
    body: (ctx) => ({ requestId: ctx.manualRequestId }),
  },
  'POST /api/manual-translation/delete': {
    kind: 'resource',
    body: (ctx) => ({ requestId: ctx.manualRequestId }),
  },
  // Mobile app string files (ADR 0048): A's project is a website, so A's callers get 400, B's 404.
  'POST /api/translation/xmlFileTranslation': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId },
        { name: 'strings.xml', type: 'text/xml', content: MATRIX_STRINGS_XML },
      ),
  },
  'POST /api/translation/mobileTranslationResync': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { projectId: ctx.projectId, fileId: ZERO_ID },
        { name: 'strings.xml', type: 'text/xml', content: MATRIX_STRINGS_XML },
      ),
  },
  'POST /api/translation/stringxmlFileurls': { kind: 'resource', body: onProject() },
  'POST /api/translation/getStringxmlFilePathByLanguage': { kind: 'resource', body: onProject() },
  'POST /api/translation/mobileLanguageAddition': {
    kind: 'resource',
    body: onProject({ languages: ['ta'] }),
  },
  'POST /api/translation/appFiles/units': { kind: 'resource', body: onProject({ segmentIds: [ZERO_ID] }) },
  'POST /api/translation/appFiles/versions': { kind: 'resource', body: onProject({ fileId: ZERO_ID }) },
  'POST /api/translation/appFiles/delete': { kind: 'resource', body: onProject({ fileId: ZERO_ID }) },
  'POST /api/manual-translation/upload/batchFile': {
    kind: 'resource',
    multipart: (ctx) =>
      multipartBody(
        { requestId: ctx.manualRequestId },
        { name: 'batch.csv', type: 'text/csv', content: 'sourceHash,targetLang,target\nabc,hi,Matrix\n' },
      ),
  },
};

interface Caller {
  label: string;
  userId: string | null;
  principal: Principal | null;
  /** Member of organisation B: must never reach A's rows. */
  isForeign: boolean;
  /** An organisation API key with every scope, sent as x-api-key instead of a token. */
  apiKey?: string;
}

describe('authorization matrix', () => {
  const clock = createTestClock();
  let t: TestApp;
  let ctx: MatrixContext;
  const callers: Caller[] = [];
  const secretsOfA: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp({ clock });
    const orgA = await createOrganisation(t, { name: 'Matrix Alpha', parliamentWorkspace: true });
    const orgB = await createOrganisation(t, { name: 'Matrix Beta', parliamentWorkspace: true });
    callers.push({ label: 'anonymous', userId: null, principal: null, isForeign: false });
    for (const role of ROLE_VALUES) {
      const organisationId = role === ROLES.superAdmin ? null : orgA.id;
      const { user } = await createMember(t, organisationId, role);
      callers.push({
        label: `A:${role}`,
        userId: user.id,
        principal: { id: user.id, role, organisationId },
        isForeign: false,
      });
      secretsOfA.push(user.id, user.email);
    }
    for (const role of ROLE_VALUES) {
      // Super admins are platform-wide: there is no "super admin of B".
      if (role === ROLES.superAdmin) continue;
      const { user } = await createMember(t, orgB.id, role);
      callers.push({
        label: `B:${role}`,
        userId: user.id,
        principal: { id: user.id, role, organisationId: orgB.id },
        isForeign: true,
      });
    }
    const inactive = await createMember(t, orgA.id, ROLES.organisationAdmin, { status: 'inactive' });
    callers.push({ label: 'inactive', userId: inactive.user.id, principal: null, isForeign: false });

    // Organisation API keys of A and B with every scope act as their organisation's admins.
    for (const [label, organisationId, isForeign] of [
      ['A:apikey', orgA.id, false],
      ['B:apikey', orgB.id, true],
    ] as const) {
      const { user } = await createMember(t, organisationId, ROLES.organisationAdmin);
      const admin = { id: user.id, role: ROLES.organisationAdmin, organisationId };
      const { secret } = await t.services.apiKeys.create(admin, {
        name: label,
        scopes: ['read', 'write', 'admin'],
      });
      callers.push({ label, userId: null, principal: admin, isForeign, apiKey: secret });
    }
    const adminOfA = callers.find((caller) => caller.label === 'A:apikey')!.principal!;
    const revocable = await t.services.apiKeys.create(adminOfA, {
      name: 'Matrix revocable',
      scopes: ['read'],
    });

    const targetApikey = `bk_matrix_target_${orgA.id}`;
    const target = await createMember(t, orgA.id, ROLES.collaborator, { apikey: targetApikey });
    const translator = await createMember(t, orgA.id, ROLES.lokSabhaTranslator);
    const { rows } = await t.handle.executeSql(
      `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${orgA.id}', 'Matrix site', 'https://matrix-alpha.in') RETURNING id`,
    );
    await t.handle.executeSql(
      `INSERT INTO project_domains (organisation_id, project_id, hostname, origin, is_primary) VALUES ('${orgA.id}', '${rows[0]?.id as string}', 'matrix-alpha.in', 'https://matrix-alpha.in', true)`,
    );
    const disposable = await t.handle.executeSql(
      `INSERT INTO projects (organisation_id, name, base_url) VALUES ('${orgA.id}', 'Matrix spare', 'https://spare.matrix-alpha.in') RETURNING id`,
    );
    const manualRequest = await t.handle.executeSql(
      `INSERT INTO manual_translation_requests (organisation_id, project_id, project_name, target_languages, segment_count, word_count) VALUES ('${orgA.id}', '${rows[0]?.id as string}', 'Matrix site', '{hi}', 1, 1) RETURNING id`,
    );
    const webhook = await t.handle.executeSql(
      `INSERT INTO webhook_endpoints (organisation_id, url, events, secret) VALUES ('${orgA.id}', 'https://hooks.example.org/a', '{crawl.completed}', 'whsec_matrix') RETURNING id`,
    );
    let counter = 0;
    ctx = {
      organisationA: orgA.id,
      targetUserId: target.user.id,
      targetApikey,
      translatorId: translator.user.id,
      projectId: rows[0]?.id as string,
      disposableProjectId: disposable.rows[0]?.id as string,
      manualRequestId: manualRequest.rows[0]?.id as string,
      apiKeyId: revocable.apiKey.id,
      webhookEndpointId: webhook.rows[0]?.id as string,
      next: () => (counter += 1),
    };
    secretsOfA.push(
      orgA.id,
      target.user.id,
      target.user.email,
      translator.user.id,
      ctx.projectId,
      ctx.disposableProjectId,
      ctx.manualRequestId,
      ctx.webhookEndpointId,
      'whsec_matrix',
      ctx.targetApikey,
      'Matrix Alpha',
    );
  }, 120_000);
  afterAll(() => t.close());

  /** A token for the caller's current token version (a route may have revoked older ones). */
  async function tokenFor(caller: Caller): Promise<string | null> {
    if (!caller.userId) return null;
    const user = await createUsersRepository(t.handle.db).findById(caller.userId);
    return t.services.tokens.sign({
      userId: user!.id,
      role: user!.role as Role,
      version: user!.tokenVersion,
    });
  }

  const routeKey = (route: RouteAccessEntry) => `${route.method} ${route.url}`;

  it('has a payload fixture for every tenant-scoped route', () => {
    const missing = t.app.routeAccessTable
      .filter((r) => r.ownOrganisation && !FIXTURES[routeKey(r)])
      .map(routeKey);
    expect(missing, 'add these routes to FIXTURES').toEqual([]);
  });

  it('gives no caller a 2xx its access refuses, answers 404 across organisations and leaks no foreign rows', async () => {
    const problems: string[] = [];
    let calls = 0;
    for (const route of t.app.routeAccessTable) {
      const fixture = FIXTURES[routeKey(route)] ?? { kind: 'self' as const };
      for (const caller of callers) {
        const token = await tokenFor(caller);
        const url = (fixture.url?.(ctx) ?? route.url.replace(/:[A-Za-z]+/g, ZERO_ID)) + (fixture.query ?? '');
        const body = fixture.body?.(ctx);
        const upload = fixture.multipart?.(ctx);
        const headers = caller.apiKey
          ? { 'x-api-key': caller.apiKey }
          : token
            ? authHeaders(token, clock.now())
            : {};
        const res = await t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers: upload ? { ...headers, 'content-type': upload.contentType } : headers,
          ...(route.method === 'GET' ? {} : { payload: upload?.payload ?? body ?? {} }),
        });
        calls += 1;
        const is2xx = res.statusCode >= 200 && res.statusCode < 300;
        const allowed =
          caller.label === 'inactive'
            ? route.access === 'public'
            : isAllowed(route.access, caller.principal) &&
              (!caller.apiKey ||
                route.access === 'public' ||
                requiredApiKeyScope(route.method, route.url, route.access) !== null);
        const where = `${routeKey(route)} as ${caller.label} → ${res.statusCode}`;
        if (!allowed && is2xx) problems.push(`unexpected 2xx: ${where}`);
        if (!allowed && route.access !== 'public' && ![401, 403].includes(res.statusCode))
          problems.push(`refusal not 401/403: ${where}`);
        if (caller.isForeign && allowed && fixture.kind === 'resource' && res.statusCode !== 404)
          problems.push(`foreign call not 404: ${where}`);
        if (caller.isForeign || caller.label === 'anonymous' || caller.label === 'inactive') {
          const leaked = secretsOfA.filter((secret) => res.body.includes(secret));
          if (leaked.length > 0)
            problems.push(`foreign rows in answer: ${where} (${leaked.length} identifiers of A)`);
        }
      }
    }
    expect(calls).toBe(t.app.routeAccessTable.length * callers.length);
    expect(problems).toEqual([]);
  }, 600_000);
});
