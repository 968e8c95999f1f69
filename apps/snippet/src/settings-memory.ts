import { parseSettings, type SnippetSettings } from './delivery-client';

const keyOf = (projectId: string) => `bhasha:settings:${projectId}`;

/**
 * The project's settings as this browser last received them. A returning visitor's page is
 * translated with them at once (stale-while-revalidate): the settings request then runs beside
 * the page instead of in front of the translation, and a change reaches the next page view.
 */
export function readRememberedSettings(projectId: string): SnippetSettings | undefined {
  try {
    const stored = localStorage.getItem(keyOf(projectId));
    return stored ? parseSettings(JSON.parse(stored)) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberSettings(projectId: string, settings: SnippetSettings): void {
  try {
    localStorage.setItem(keyOf(projectId), JSON.stringify(settings));
  } catch {
    // Private mode, blocked or full storage: the next page view asks the server first again.
  }
}
