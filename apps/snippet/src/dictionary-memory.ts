import type { Dictionary } from './page-translator';

const keyOf = (projectId: string, language: string) => `bhasha:dictionary:${projectId}:${language}`;

/**
 * The translations of one language as this browser last received them. A returning visitor's
 * page is translated with them as soon as the page is parsed, and again in place if the fresh
 * answer (requested at the same time) differs: edits show up a moment later, not a page later.
 * Storage that is full or blocked just means no head start.
 */
export function readRememberedDictionary(projectId: string, language: string): Dictionary | undefined {
  try {
    const stored = localStorage.getItem(keyOf(projectId, language));
    if (!stored) return undefined;
    const entries: unknown = JSON.parse(stored);
    if (!Array.isArray(entries)) return undefined;
    const dictionary = new Map<string, string>();
    for (const entry of entries as unknown[]) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'string')
        dictionary.set(entry[0], entry[1]);
    }
    return dictionary;
  } catch {
    return undefined;
  }
}

export function rememberDictionary(projectId: string, language: string, dictionary: Dictionary): void {
  try {
    localStorage.setItem(keyOf(projectId, language), JSON.stringify([...dictionary]));
  } catch {
    // Full (large projects) or blocked storage: the next view waits for the server again.
  }
}

/** Whether two dictionaries hold the same translations. */
export function isSameDictionary(a: Dictionary, b: Dictionary): boolean {
  if (a.size !== b.size) return false;
  for (const [hash, text] of a) if (b.get(hash) !== text) return false;
  return true;
}
