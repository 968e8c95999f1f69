/** Values a request template can refer to. */
export interface TemplateValues {
  texts: string[];
  sourceLang: string;
  targetLang: string;
}

const WHOLE = /^\{\{\s*(texts|items|text|sourceLang|targetLang)\s*\}\}$/;
const INLINE = /\{\{\s*(text|sourceLang|targetLang)\s*\}\}/g;

function substitute(text: string, values: Record<string, string>): string {
  return text.replace(INLINE, (_whole: string, name: string) => values[name] ?? '');
}

function render(
  template: unknown,
  values: TemplateValues,
  itemTemplate: unknown,
  text: string | undefined,
): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template)?.[1];
    if (whole === 'texts') return values.texts;
    if (whole === 'items')
      return values.texts.map((item) => render(itemTemplate ?? '{{text}}', values, undefined, item));
    return substitute(template, {
      sourceLang: values.sourceLang,
      targetLang: values.targetLang,
      text: text ?? values.texts[0] ?? '',
    });
  }
  if (Array.isArray(template)) return template.map((item) => render(item, values, itemTemplate, text));
  if (template && typeof template === 'object') {
    return Object.fromEntries(
      Object.entries(template).map(([key, value]) => [key, render(value, values, itemTemplate, text)]),
    );
  }
  return template;
}

/**
 * Fills a JSON request template: a string that is exactly `{{texts}}` becomes the list of texts,
 * `{{items}}` the list of `itemTemplate` filled per text; `{{text}}`, `{{sourceLang}}` and
 * `{{targetLang}}` are replaced inside any string.
 */
export function renderTemplate(template: unknown, values: TemplateValues, itemTemplate?: unknown): unknown {
  return render(template, values, itemTemplate, undefined);
}

/** Whether a template takes a whole list of texts (`{{texts}}` or `{{items}}`) rather than one `{{text}}`. */
export function isBatchTemplate(template: unknown): boolean {
  return /\{\{\s*(texts|items)\s*\}\}/.test(JSON.stringify(template));
}

/** Replaces `{{sourceLang}}`/`{{targetLang}}` in a URL, URL-encoded. */
export function renderUrl(url: string, values: TemplateValues): string {
  return url.replace(INLINE, (_whole: string, name: string) =>
    encodeURIComponent(
      name === 'sourceLang' ? values.sourceLang : name === 'targetLang' ? values.targetLang : '',
    ),
  );
}
