import type { ReactNode } from 'react';
import { OrganisationsPage } from '../organisations/pages/organisations-page';
import { UsersPage } from '../users/pages/users-page';
import { ProjectsPage } from '../projects/pages/projects-page';
import { WorkspacePage } from '../workspace/pages/workspace-page';
import { SettingsPage } from '../settings/pages/settings-page';
import { HumanTranslationPage } from '../human-translation/pages/human-translation-page';
import type { ShellSection } from './shell-sections';

/** The built page of each section; sections without one show the coming-soon page. */
export const SECTION_PAGES: Partial<Record<ShellSection, ReactNode>> = {
  users: <UsersPage />,
  projects: <ProjectsPage />,
  organisations: <OrganisationsPage />,
  workspace: <WorkspacePage />,
  settings: <SettingsPage />,
  humanTranslation: <HumanTranslationPage />,
};
