/**
 * Xcode's `<language>.lproj` folder names and the language codes of Bhasha's table. Xcode names
 * folders by BCP 47 tags (`hi`, `pa-IN`, `zh-Hans`) and, in old projects, by underscores
 * (`pt_BR`) or English names (`English`); the table spells a few languages differently.
 */
const FOLDER_ALIASES: Readonly<Record<string, string>> = {
  'zh-Hans': 'zh-CN',
  'zh-Hant': 'zh-TW',
  'zh-HK': 'zh-TW',
  'zh-Hans-CN': 'zh-CN',
  'zh-Hant-TW': 'zh-TW',
  or: 'od',
  nb: 'no',
  iw: 'he',
  in: 'id',
  tl: 'fil',
  English: 'en',
  French: 'fr',
  German: 'de',
  Italian: 'it',
  Japanese: 'ja',
  Spanish: 'es',
  Dutch: 'nl',
};

// Table codes that Xcode spells another way, for export paths.
const EXPORT_FOLDERS: Readonly<Record<string, string>> = {
  'zh-CN': 'zh-Hans',
  'zh-TW': 'zh-Hant',
  od: 'or',
  no: 'nb',
};

/**
 * The language code of an `.lproj` folder (`hi.lproj` → `hi`, `pa-IN.lproj` → `pa` when the table
 * has no `pa-IN`, `zh-Hans.lproj` → `zh-CN`), or undefined for `Base.lproj` and unknown languages.
 * `knownCodes` is the language table (`LANGUAGE_CODES` of the contract).
 */
export function languageOfLprojFolder(folder: string, knownCodes: Iterable<string>): string | undefined {
  const known = new Map([...knownCodes].map((code) => [code.toLowerCase(), code]));
  const tag = folder.replace(/\.lproj\/?$/i, '').replace(/_/g, '-');
  if (tag === 'Base') return undefined;
  const subtags = tag.split('-');
  // Longest prefix first: `zh-Hans-CN`, `zh-Hans`, `zh`.
  for (let length = subtags.length; length > 0; length -= 1) {
    const candidate = subtags.slice(0, length).join('-');
    const code = known.get((FOLDER_ALIASES[candidate] ?? candidate).toLowerCase());
    if (code !== undefined) return code;
  }
  return undefined;
}

/** The `.lproj` folder Xcode expects for a language code of the table (`zh-CN` → `zh-Hans.lproj`). */
export function lprojFolderOf(code: string): string {
  return `${EXPORT_FOLDERS[code] ?? code}.lproj`;
}
