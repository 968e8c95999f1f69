import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Reads a page copied under test/fixtures/websites (see SOURCES.md there). */
export function readWebsiteFixture(path: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/websites/${path}`, import.meta.url)), 'utf8');
}
