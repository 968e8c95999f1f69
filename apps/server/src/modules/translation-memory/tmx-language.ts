/**
 * Whether a TMX language tag (`en-US`, `EN`, `hi-IN`) names a project language code (`en`, `hi`,
 * `zh-TW`): equal ignoring case, or the tag's primary language when the code has no region.
 */
export function tmxLanguageMatches(tag: string, code: string): boolean {
  const wanted = code.toLowerCase();
  const given = tag.toLowerCase();
  return given === wanted || (!wanted.includes('-') && given.split(/[-_]/)[0] === wanted);
}
