import { lazy, type ReactNode } from 'react';
import type { ShellSection } from './shell-sections';

// Each screen loads when it is first opened: the shell and the first screen come without the
// code of every other one (the editor alone brings its own table, keyboards and dialogs).
const OrganisationsPage = lazy(() =>
  import('../organisations/pages/organisations-page').then((module) => ({
    default: module.OrganisationsPage,
  })),
);
const UsersPage = lazy(() =>
  import('../users/pages/users-page').then((module) => ({ default: module.UsersPage })),
);
const ProjectsPage = lazy(() =>
  import('../projects/pages/projects-page').then((module) => ({ default: module.ProjectsPage })),
);
const WorkspacePage = lazy(() =>
  import('../workspace/pages/workspace-page').then((module) => ({ default: module.WorkspacePage })),
);
const SettingsPage = lazy(() =>
  import('../settings/pages/settings-page').then((module) => ({ default: module.SettingsPage })),
);
const HumanTranslationPage = lazy(() =>
  import('../human-translation/pages/human-translation-page').then((module) => ({
    default: module.HumanTranslationPage,
  })),
);
export const DashboardPage = lazy(() =>
  import('./dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
export const ProfilePage = lazy(() =>
  import('../profile/profile-page').then((module) => ({ default: module.ProfilePage })),
);

/** The built page of each section; sections without one show the coming-soon page. */
export const SECTION_PAGES: Partial<Record<ShellSection, ReactNode>> = {
  users: <UsersPage />,
  projects: <ProjectsPage />,
  organisations: <OrganisationsPage />,
  workspace: <WorkspacePage />,
  settings: <SettingsPage />,
  humanTranslation: <HumanTranslationPage />,
};
