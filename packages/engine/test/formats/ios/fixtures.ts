import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The iOS files of ../shared/data/ios copied as fixtures (SOURCES.md beside them). */
export const IOS_FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Every fixture whose name ends with `extension`, as a path relative to the fixture folder. */
export function iosFixtures(extension: string, folder: string = IOS_FIXTURES): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return iosFixtures(extension, path);
    return name.endsWith(extension) ? [relative(IOS_FIXTURES, path)] : [];
  });
}

/** The bytes of a fixture. */
export function readIosFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(join(IOS_FIXTURES, name)));
}

/** A pseudo-translation that keeps every `<xN/>` marker and changes all other text. */
export function pseudoTranslate(text: string): string {
  return text
    .split(/(<x\d+\/>)/)
    .map((part, index) =>
      index % 2 === 1 ? part : part.length === 0 ? part : `[${part.toUpperCase()} "अनुवाद"\\]`,
    )
    .join('');
}
