import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The TMX files of ../shared/data/tmx copied as fixtures (SOURCES beside them). */
export const TMX_FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Every `.tmx` file under `folder`, sub-folders included. */
export function tmxFiles(folder: string = TMX_FIXTURES): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return tmxFiles(path);
    return name.endsWith('.tmx') ? [path] : [];
  });
}
