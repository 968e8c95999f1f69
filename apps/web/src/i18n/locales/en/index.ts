import { auth } from './auth';
import { common } from './common';
import { policy } from './policy';
import { shell } from './shell';
import { users } from './users';
import { organisations } from './organisations';
import { profile } from './profile';
import { projects } from './projects';
import { scope } from './scope';
import { workspace } from './workspace';
import { collaborators } from './collaborators';
import { integration } from './integration';
import { settings } from './settings';
import { humanTranslation } from './human-translation';
import { apiKeys } from './api-keys';
import { webhooks } from './webhooks';
import { appFiles } from './app-files';

/** English resources, one object per namespace. */
export const EN_RESOURCES = {
  common,
  auth,
  shell,
  policy,
  users,
  organisations,
  profile,
  projects,
  scope,
  workspace,
  collaborators,
  integration,
  settings,
  humanTranslation,
  apiKeys,
  webhooks,
  appFiles,
} as const;
