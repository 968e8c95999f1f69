import { apiKeyEndpoints } from './api-keys';
import { appFileEndpoints } from './app-files';
import { authEndpoints } from './auth';
import { collaboratorEndpoints } from './collaborators';
import { crawlEndpoints } from './crawl';
import { glossaryEndpoints } from './glossary';
import { healthEndpoints } from './health';
import { ignorePatternEndpoints } from './ignore-patterns';
import { organisationEndpoints } from './organisations';
import { projectSettingsEndpoints } from './project-settings';
import { projectEndpoints } from './projects';
import { registrationEndpoints } from './registration';
import { suggestionEndpoints } from './suggestions';
import { transliterationEndpoints } from './transliteration';
import { userEndpoints } from './users';
import { webhookEndpoints } from './webhooks';

export * from './endpoint';
export type * from './types';

/**
 * Every API call, grouped by feature. A new call is one entry here; the server registers its route
 * from the entry and the dashboard's client takes its types from it.
 */
export const endpoints = {
  project: projectEndpoints,
  crawl: crawlEndpoints,
  collaborators: collaboratorEndpoints,
  organisations: organisationEndpoints,
  projectSettings: projectSettingsEndpoints,
  ignorePatterns: ignorePatternEndpoints,
  transliteration: transliterationEndpoints,
  glossary: glossaryEndpoints,
  appFiles: appFileEndpoints,
  apiKeys: apiKeyEndpoints,
  webhooks: webhookEndpoints,
  suggestions: suggestionEndpoints,
  health: healthEndpoints,
  users: userEndpoints,
  auth: authEndpoints,
  registration: registrationEndpoints,
};
