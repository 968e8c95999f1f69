import { DASHBOARD_PAGES, type DashboardPage } from '@bhasha/contract';
import type { ReactNode } from 'react';
import {
  ApiOutlined,
  BankOutlined,
  BellOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GlobalOutlined,
  ProjectOutlined,
  SettingOutlined,
  SolutionOutlined,
  TeamOutlined,
  TranslationOutlined,
} from '@ant-design/icons';

/** The product's sections, in sidebar order: the dashboard pages the server grants access to. */
export const SHELL_SECTIONS = DASHBOARD_PAGES;

export type ShellSection = DashboardPage;

export interface ShellSectionDefinition {
  key: ShellSection;
  /** Path under /app; '' is the dashboard. */
  path: string;
  icon: ReactNode;
}

export const SECTION_DEFINITIONS: Record<ShellSection, ShellSectionDefinition> = {
  dashboard: { key: 'dashboard', path: '', icon: <DashboardOutlined /> },
  projects: { key: 'projects', path: 'projects', icon: <ProjectOutlined /> },
  workspace: { key: 'workspace', path: 'workspace', icon: <TranslationOutlined /> },
  apiTranslation: { key: 'apiTranslation', path: 'api-translation', icon: <ApiOutlined /> },
  files: { key: 'files', path: 'files', icon: <FileTextOutlined /> },
  humanTranslation: { key: 'humanTranslation', path: 'human-translation', icon: <SolutionOutlined /> },
  domains: { key: 'domains', path: 'domains', icon: <GlobalOutlined /> },
  users: { key: 'users', path: 'users', icon: <TeamOutlined /> },
  organisations: { key: 'organisations', path: 'organisations', icon: <BankOutlined /> },
  billing: { key: 'billing', path: 'billing', icon: <CreditCardOutlined /> },
  notifications: { key: 'notifications', path: 'notifications', icon: <BellOutlined /> },
  settings: { key: 'settings', path: 'settings', icon: <SettingOutlined /> },
};

/** Sections of the main app (every role but freeOrgAdmin). */
export const MAIN_APP_SECTIONS: readonly ShellSection[] = Object.values(SHELL_SECTIONS);

/**
 * Sections the free plan has (docs/adr: free-plan navigation): one website project, its
 * translations, up to FREE_PLAN_MAX_COLLABORATORS collaborators, its organisation's settings and
 * the way to upgrade. No API, file or human translation and no multi-domain projects. The
 * sidebar shows those of them the server's abilities grant.
 */
export const FREE_APP_SECTIONS: readonly ShellSection[] = [
  'dashboard',
  'projects',
  'workspace',
  'users',
  'organisations',
  'billing',
  'notifications',
  'settings',
];

/** The absolute path of a section. */
export function sectionHref(section: ShellSection): string {
  const path = SECTION_DEFINITIONS[section].path;
  return path ? `/app/${path}` : '/app';
}

/** The section a pathname belongs to (the dashboard when none matches). */
export function findSectionByPath(pathname: string, sections: readonly ShellSection[]): ShellSection {
  const segment = pathname.replace(/^\/app\/?/, '').split('/')[0] ?? '';
  return sections.find((section) => SECTION_DEFINITIONS[section].path === segment) ?? 'dashboard';
}
