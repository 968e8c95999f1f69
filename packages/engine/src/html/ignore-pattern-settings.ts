const REGEX_SETTING = /^\/(.{1,500})\/([gimsuy]*)$/s;

/**
 * Reads a project's ignore-pattern settings: `/source/flags` is a regular expression, anything
 * else (or an invalid expression) an exact text. The crawler, the proxy and the snippet read them
 * alike, so a pattern skips the same segments everywhere.
 */
export function parseIgnorePatternSettings(patterns: readonly string[] | undefined): (string | RegExp)[] {
  const compiled: (string | RegExp)[] = [];
  for (const pattern of patterns ?? []) {
    const match = REGEX_SETTING.exec(pattern);
    if (!match?.[1]) {
      compiled.push(pattern);
      continue;
    }
    try {
      compiled.push(new RegExp(match[1], match[2]?.replace('g', '')));
    } catch {
      compiled.push(pattern);
    }
  }
  return compiled;
}
