import { readdirSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';

/** A glob as a regular expression over '/'-separated relative paths: `*`, `**`, `?`. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      // `**/` matches any folders, none included; a trailing `**` anything below.
      if (pattern[i + 2] === '/') {
        source += '(?:[^/]+/)*';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Files below `root` whose relative path matches the pattern, sorted; hidden folders and node_modules skipped. */
export function findFiles(root: string, pattern: string): string[] {
  const matcher = globToRegExp(pattern.replace(/^\.\//, ''));
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && matcher.test(toPosix(relative(root, path)))) found.push(path);
    }
  };
  walk(root);
  return found.sort();
}

export function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** Android's resource qualifier for a language code: zh-TW → zh-rTW. */
function androidCode(locale: string): string {
  const [language, region] = locale.split('-');
  return region && /^[A-Za-z]{2}$/.test(region) ? `${language}-r${region.toUpperCase()}` : locale;
}

/** A translation pattern's path for one language and source file. */
export function translationPath(pattern: string, locale: string, sourceFile: string): string {
  const extension = extname(sourceFile);
  const values: Record<string, string> = {
    locale,
    two_letters_code: locale.split('-')[0] ?? locale,
    android_code: androidCode(locale),
    original_file_name: basename(sourceFile),
    file_name: basename(sourceFile, extension),
    file_extension: extension.replace(/^\./, ''),
  };
  return pattern.replace(/%([a-z_]+)%/g, (whole, name: string) => values[name] ?? whole);
}
