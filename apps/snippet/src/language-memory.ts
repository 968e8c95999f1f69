const STORAGE_KEY = 'bhasha:language';

/** The language the visitor chose last on this site, if storage is available. */
export function readChosenLanguage(): string | undefined {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function rememberChosenLanguage(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode or blocked storage: the choice lasts for this page only.
  }
}
