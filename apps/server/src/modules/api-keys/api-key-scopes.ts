import { API_KEY_SCOPES, ROLES, type ApiKeyScope } from '@bhasha/contract';
import type { RouteAccess } from '../../http/access';

/**
 * Which scope an organisation API key needs for each route (ADR 0042). The rule reads the
 * access each route declares, so a new route is covered the day it is added:
 *
 * 1. `public` routes never read a key; `signedIn` routes act on a person's own account and
 *    refuse keys; routes an organisation admin may not call refuse keys too.
 * 2. Routes only organisation admins may call (not collaborators) need `admin`, except the
 *    project-content changes of `WRITE_ROUTES`, which a CI pipeline makes with `write`.
 * 3. Other routes need `read` when they change nothing (GET, or a POST in `READ_ROUTES`: the
 *    spec's API lists and exports through POST) and `write` otherwise.
 *
 * A POST left out of `READ_ROUTES` needs `write`: an omission asks too much, never too little.
 * The scopes nest: `admin` includes `write`, which includes `read`.
 */

/** POST routes of project members that change nothing: lists, look-ups, counts, exports. */
export const READ_ROUTES: ReadonlySet<string> = new Set([
  '/api/custom-font-size/get',
  '/api/domain/fetchAllDomains',
  '/api/domain/ownership/list',
  '/api/domains/getCollaboratorAssignedList',
  '/api/feedback/csv/get',
  '/api/feedback/get',
  '/api/ignore-pattern/fetchIgnorePatterns',
  '/api/meta/paginated/get',
  '/api/no-translation-node/get',
  '/api/parser/domainVerifications',
  '/api/project',
  '/api/project/details',
  '/api/project/fetchProjectId',
  '/api/project/stats',
  '/api/project/stats/urlWise',
  '/api/report/download',
  '/api/scope/crawl/last',
  '/api/scope/domainWiseUrls',
  '/api/scope/fetchByDomain',
  '/api/scope/fetchByurl',
  '/api/scope/getFilehtmls',
  '/api/scope/getTrackingFilesListByUrl',
  '/api/scope/getTrackingFilesrc',
  '/api/scope/getTrackingUrls',
  '/api/scope/getUrlTranslations',
  '/api/scope/pageSegments',
  '/api/scope/Uniquedomains',
  '/api/snippet/pop-up/css/fetch',
  '/api/suggestion/download',
  '/api/suggestion/filter',
  '/api/swalekhIntegration/get',
  '/api/translation/analyze/new/content',
  '/api/translation/appFiles/units',
  '/api/translation/appFiles/versions',
  '/api/translation/counts',
  '/api/translation/dashboard/get',
  '/api/translation/download/batchFile',
  '/api/translation/fetchAllCharacterCount',
  '/api/translation/fetchAllWordCount',
  '/api/translation/filter',
  '/api/translation/generateReport',
  '/api/translation/getStringxmlFilePathByLanguage',
  '/api/translation/newContent/view',
  '/api/translation/nmt/engines',
  '/api/translation/nmt/status',
  '/api/translation/revision/list',
  '/api/translation/seo/get',
  '/api/translation/status/wordcount',
  '/api/translation/stringxmlFileurls',
  '/api/translation/tm/count',
  '/api/translation/tm/export/csv',
  '/api/translation/tm/export/tmx',
  '/api/translation/tm/export/xlsx',
  '/api/translation/tm/fuzzy',
  '/api/translation/tm/import/tmx/status',
  '/api/transliteration/get',
  '/api/transliteration/suggest',
  '/api/transliterationGlossary/csv/get',
  '/api/transliterationGlossary/get',
]);

/** Admin-only routes that change a project's content, as a build pipeline pushing files does. */
export const WRITE_ROUTES: ReadonlySet<string> = new Set([
  '/api/translation/tm/import/tmx',
  '/api/scope/add',
  '/api/scope/upload',
  '/api/scope/addUrlTranslations',
  '/api/scope/updateTranslatedUrl',
  '/api/translation/xmlFileTranslation',
  '/api/translation/mobileTranslationResync',
]);

/** Routes that never accept a key: managing keys needs a signed-in admin (a leaked key cannot mint more). */
const KEY_MANAGEMENT_PREFIX = '/api/organisation/api-keys';

/** The scope a key needs to call a route, or null when keys may not call it. */
export function requiredApiKeyScope(method: string, url: string, access: RouteAccess): ApiKeyScope | null {
  if (typeof access === 'string') return null;
  if (url.startsWith(KEY_MANAGEMENT_PREFIX)) return null;
  const isAdminCall = access.includes(ROLES.organisationAdmin) || access.includes(ROLES.freeOrgAdmin);
  if (!isAdminCall) return null;
  if (!access.includes(ROLES.collaborator)) {
    return WRITE_ROUTES.has(url) ? API_KEY_SCOPES.write : API_KEY_SCOPES.admin;
  }
  if (method === 'GET' || (method === 'POST' && READ_ROUTES.has(url))) return API_KEY_SCOPES.read;
  return API_KEY_SCOPES.write;
}

const SCOPE_RANK: Record<ApiKeyScope, number> = { read: 0, write: 1, admin: 2 };

/** True when the key's scopes include (or outrank) the needed one. */
export function scopesGrant(scopes: readonly ApiKeyScope[], needed: ApiKeyScope): boolean {
  return scopes.some((scope) => SCOPE_RANK[scope] >= SCOPE_RANK[needed]);
}
