/**
 * Where a resource file for another language lives, and which language a path is for, as each
 * platform lays its files out: Android `res/values-hi/strings.xml` beside `res/values/…`
 * (qualifiers from `android/qualifiers.ts`), Xcode `hi.lproj/…` beside `en.lproj/…` or
 * `Base.lproj/…` (`ios-strings/lproj-folder.ts`), a String Catalog holding every language in one
 * file, and JSON named by language (`en.json`, `locales/en/common.json`, `common.en.json`).
 */
import {
  languageCodeForQualifier,
  parseValuesQualifier,
  qualifierForLanguageCode,
} from '../android/qualifiers';
import { languageOfLprojFolder, lprojFolderOf } from '../ios-strings/lproj-folder';
import type { ResourceFormat } from './types';

function split(path: string): { folders: string[]; name: string } {
  const parts = path.replace(/\\/g, '/').split('/');
  const name = parts.pop() ?? '';
  return { folders: parts, name };
}

function join(folders: readonly string[], name: string): string {
  return [...folders, name].join('/');
}

/** `values-kn-rIN-night` → `values-hi-night`: the locale qualifier replaced, the others kept. */
function androidFolderFor(folder: string, language: string): string {
  const parts = folder.split('-');
  const head = [parts.shift()!];
  while (parts[0] && /^(mcc|mnc)\d+$/i.test(parts[0])) head.push(parts.shift()!);
  if (parseValuesQualifier(folder)) {
    const first = parts.shift()!;
    if (!first.startsWith('b+') && parts[0] && /^r[A-Z]{2}$/.test(parts[0])) parts.shift();
  }
  const locale = qualifierForLanguageCode(language).slice('values-'.length);
  return [...head, locale, ...parts].join('-');
}

/** Tags in file and folder names are compared loosely: `hi_IN`, `hi-in` and `hi-IN` are one. */
function sameTag(name: string, code: string): boolean {
  return name.replace(/_/g, '-').toLowerCase() === code.toLowerCase();
}

/** The primary language of a tag (`en-US` → `en`). */
function primary(tag: string): string {
  return tag.split(/[-_]/)[0]!.toLowerCase();
}

/** A JSON file or folder name for the source language: the tag itself, or one with a region. */
function namesSourceLanguage(name: string, sourceLanguage: string): boolean {
  return (
    sameTag(name, sourceLanguage) ||
    (/^[a-z]{2,3}([-_][A-Za-z0-9]+)?$/i.test(name) &&
      primary(name) === primary(sourceLanguage) &&
      !sourceLanguage.includes('-'))
  );
}

function jsonPathFor(path: string, sourceLanguage: string, language: string): string {
  const { folders, name } = split(path);
  const stem = name.replace(/\.json$/i, '');
  const dots = stem.split('.');
  if (namesSourceLanguage(stem, sourceLanguage)) return join(folders, `${language}.json`);
  if (dots.length > 1 && namesSourceLanguage(dots.at(-1)!, sourceLanguage))
    return join(folders, `${[...dots.slice(0, -1), language].join('.')}.json`);
  const parent = folders.at(-1);
  if (parent !== undefined && namesSourceLanguage(parent, sourceLanguage))
    return join([...folders.slice(0, -1), language], name);
  return join(folders, `${stem}.${language}.json`);
}

/**
 * The path of `path`'s file for `language`: `res/values/strings.xml` → `res/values-hi/strings.xml`,
 * `en.lproj/Localizable.strings` or `Base.lproj/…` → `hi.lproj/…`, a String Catalog → itself,
 * `en.json` → `hi.json`, `locales/en/common.json` → `locales/hi/common.json`, else
 * `name.json` → `name.hi.json`. The source language's path is the path itself.
 */
export function resourcePathForLanguage(
  path: string,
  format: ResourceFormat,
  sourceLanguage: string,
  language: string,
): string {
  if (language === sourceLanguage || format === 'xcstrings') return path;
  const { folders, name } = split(path);
  switch (format) {
    case 'android': {
      const at = folders.findLastIndex((folder) => /^values(-|$)/.test(folder));
      if (at === -1) return join([...folders, qualifierForLanguageCode(language)], name);
      const changed = [...folders];
      changed[at] = androidFolderFor(folders[at]!, language);
      return join(changed, name);
    }
    case 'ios-strings':
    case 'stringsdict': {
      const at = folders.findLastIndex((folder) => /\.lproj$/i.test(folder));
      if (at === -1) return join([...folders, lprojFolderOf(language)], name);
      const changed = [...folders];
      changed[at] = lprojFolderOf(language);
      return join(changed, name);
    }
    case 'json':
      return jsonPathFor(path, sourceLanguage, language);
  }
}

/** A name that is a code of the table (`hi`, `hi_IN` → `hi-IN` or, if the table lacks it, `hi`). */
function knownCodeOf(name: string, knownCodes: readonly string[]): string | undefined {
  if (!/^[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/i.test(name)) return undefined;
  const tag = name.replace(/_/g, '-');
  return (
    knownCodes.find((code) => sameTag(tag, code)) ?? knownCodes.find((code) => sameTag(primary(tag), code))
  );
}

/**
 * The language of the table a resource path is for (the reverse of `resourcePathForLanguage`):
 * an Android `values-…` folder, an `.lproj` folder, or a JSON file or its folder named by a
 * language; undefined for a path that names none (`values/`, `Base.lproj/`, a String Catalog).
 */
export function languageOfResourcePath(path: string, knownCodes: readonly string[]): string | undefined {
  const { folders, name } = split(path);
  const lower = name.toLowerCase();
  if (lower.endsWith('.xcstrings')) return undefined;
  if (lower.endsWith('.xml')) {
    const folder = folders.findLast((candidate) => /^values(-|$)/.test(candidate));
    return folder === undefined ? undefined : languageCodeForQualifier(folder, knownCodes);
  }
  if (lower.endsWith('.strings') || lower.endsWith('.stringsdict')) {
    const folder = folders.findLast((candidate) => /\.lproj$/i.test(candidate));
    return folder === undefined ? undefined : languageOfLprojFolder(folder, knownCodes);
  }
  if (lower.endsWith('.json')) {
    const stem = name.slice(0, -'.json'.length);
    const parent = folders.at(-1);
    return (
      knownCodeOf(stem, knownCodes) ??
      knownCodeOf(stem.split('.').at(-1)!, knownCodes) ??
      (parent === undefined ? undefined : knownCodeOf(parent, knownCodes))
    );
  }
  return undefined;
}
