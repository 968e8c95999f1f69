import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Android resource files of ../shared/data/android copied as fixtures (SOURCES beside them). */
export const ANDROID_FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Every `.xml` file under `folder`, sub-folders included. */
export function androidFiles(folder: string = ANDROID_FIXTURES): string[] {
  return readdirSync(folder)
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return androidFiles(path);
      return name.endsWith('.xml') ? [path] : [];
    })
    .sort();
}

/** A fixture's bytes and its path relative to the fixtures folder (used as the file name in errors). */
export function readFixture(path: string): { bytes: Uint8Array; name: string } {
  return { bytes: new Uint8Array(readFileSync(path)), name: relative(ANDROID_FIXTURES, path) };
}

/** The fixture at a path relative to the fixtures folder, as text. */
export function fixtureText(name: string): string {
  return readFileSync(join(ANDROID_FIXTURES, name), 'utf8');
}
