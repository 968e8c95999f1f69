/**
 * The placeholders of JSON i18n messages, which translation must carry over unchanged:
 * i18next interpolation (`{{name}}`, `{{- html}}`, `{{count, number}}`) and nesting (`$t(key)`),
 * React Trans components (`<0>…</0>`, `<br/>`, `<bold>`), ICU simple arguments (`{name}`, `{0}`,
 * `{count, number, integer}`), printf specifiers (`%s`, `%1$s`, `%.2f`, `%%`) and Chrome
 * extension substitutions (`$NAME$`, `$1`). ICU plural and select blocks are structure, read by icu.ts.
 */
export const PLACEHOLDER =
  /\{\{[^{}]*\}\}|\$t\([^()]*\)|<\/?[A-Za-z0-9_-]+\s*\/?>|\{\s*[\w.]+\s*(?:,\s*(?:number|date|time|duration|spellout)\s*(?:,[^{}]*)?)?\}|%(?:\d+\$)?[-+ #0]*\d*(?:\.\d+)?(?:ll|l|h)?[sdfiuxXeEgGc@]|%%|\$[A-Za-z0-9_@]+\$|\$\d/g;

/** Every placeholder starts with one of these: most texts have none and skip the pattern. */
const MAY_HAVE_PLACEHOLDER = /[{<%$]/;

/** Every placeholder of a message, in order of appearance. */
export function placeholdersOf(message: string): string[] {
  if (!MAY_HAVE_PLACEHOLDER.test(message)) return [];
  return message.match(PLACEHOLDER) ?? [];
}

/** The message with its placeholders removed: what is left is what a person reads. */
export function withoutPlaceholders(message: string): string {
  if (!MAY_HAVE_PLACEHOLDER.test(message)) return message;
  return message.replace(PLACEHOLDER, ' ');
}
