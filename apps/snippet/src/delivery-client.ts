import type { ScriptConfig } from './read-config';

/** The project's delivery settings as the server sends them to the snippet. */
export interface SnippetSettings {
  readonly sourceLanguage: string;
  readonly languages: readonly string[];
  readonly noTranslateSelectors: readonly string[];
  readonly ignorePatterns: readonly string[];
  /** Selectors of inputs where the Swalekh keyboard is offered. */
  readonly swalekhSelectors: readonly string[];
  /** Root font size in CSS pixels per language (checked again where it is applied). */
  readonly customFontSizes: Readonly<Record<string, number>>;
  readonly popupCss: string;
}

/** A segment reported as seen on the page but unknown to the project. */
export interface SeenSegment {
  readonly text: string;
  readonly kind: string;
}

const TIMEOUT_MS = 8_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function fontSizes(value: unknown): Record<string, number> {
  const sizes: Record<string, number> = {};
  if (!isRecord(value)) return sizes;
  for (const [language, size] of Object.entries(value)) if (typeof size === 'number') sizes[language] = size;
  return sizes;
}

/** The settings in an answer (or a stored copy), checked field by field; undefined when unusable. */
export function parseSettings(data: unknown): SnippetSettings | undefined {
  if (!isRecord(data) || typeof data.sourceLanguage !== 'string') return undefined;
  return {
    sourceLanguage: data.sourceLanguage,
    languages: strings(data.languages),
    noTranslateSelectors: strings(data.noTranslateSelectors),
    ignorePatterns: strings(data.ignorePatterns),
    swalekhSelectors: strings(data.swalekhSelectors),
    customFontSizes: fontSizes(data.customFontSizes),
    popupCss: typeof data.popupCss === 'string' ? data.popupCss : '',
  };
}

/** Talks to the delivery endpoints; every answer is checked, since a broken one must not break the page. */
export class DeliveryClient {
  private readonly base: string;

  constructor(config: ScriptConfig) {
    this.base = `${config.apiOrigin}/api/delivery/${encodeURIComponent(config.projectId)}`;
  }

  private async getData(path: string): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
    try {
      // The browser's HTTP cache revalidates with the ETag; a 304 reaches us as the cached 200.
      const response = await fetch(`${this.base}${path}`, { signal: controller.signal, credentials: 'omit' });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${path}`);
      const body: unknown = await response.json();
      if (!isRecord(body) || body.success !== true) throw new Error(`Unexpected answer for ${path}`);
      return body.data;
    } finally {
      clearTimeout(timer);
    }
  }

  async fetchSettings(): Promise<SnippetSettings> {
    const settings = parseSettings(await this.getData('/settings'));
    if (!settings) throw new Error('Malformed settings');
    return settings;
  }

  /** Every published translation of the project in one language, in one request. */
  async fetchTranslations(language: string): Promise<Map<string, string>> {
    const data = await this.getData(`/translations?lang=${encodeURIComponent(language)}`);
    const translations = isRecord(data) && isRecord(data.translations) ? data.translations : {};
    const dictionary = new Map<string, string>();
    for (const [hash, text] of Object.entries(translations))
      if (typeof text === 'string') dictionary.set(hash, text);
    return dictionary;
  }

  /**
   * Fire-and-forget POST that outlives a page unload (keepalive); failures are dropped. Sent as
   * text/plain, a CORS "simple" request, so no preflight doubles every report.
   */
  private post(path: string, body: unknown): void {
    fetch(`${this.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: 'omit',
    }).catch(() => undefined);
  }

  /** A POST whose answer matters to the visitor (suggestions, feedback): the server's message, or a failure. */
  async send(path: string, body: unknown): Promise<{ ok: boolean; message: string }> {
    try {
      const response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(body),
        credentials: 'omit',
      });
      const answer: unknown = await response.json().catch(() => undefined);
      const message = isRecord(answer) && typeof answer.message === 'string' ? answer.message : '';
      return { ok: response.ok && isRecord(answer) && answer.success === true, message };
    } catch {
      return { ok: false, message: '' };
    }
  }

  reportSegments(url: string, segments: readonly SeenSegment[]): void {
    this.post('/segments', { url, segments });
  }

  countVisit(url: string, language: string): void {
    this.post('/visits', { url, language });
  }
}
