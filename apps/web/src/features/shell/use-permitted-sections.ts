import { useAbilities } from '../users/api/users-queries';
import type { ShellSection } from './shell-sections';

/**
 * The sections of a shell the caller may open, as the server's abilities say (the UI does not
 * copy the rules). Until they arrive, and if they cannot be fetched, only the dashboard shows.
 */
export function usePermittedSections(sections: readonly ShellSection[]): readonly ShellSection[] {
  const abilities = useAbilities();
  const pages = abilities.data?.pages;
  if (!pages) return sections.filter((section) => section === 'dashboard');
  return sections.filter((section) => (pages as readonly string[]).includes(section));
}
