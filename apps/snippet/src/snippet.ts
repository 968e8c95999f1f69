import { parseIgnorePatternSettings, type ExtractOptions } from '@bhasha/engine';
import { DeliveryClient, type SnippetSettings } from './delivery-client';
import { watchDom, type DomWatcher } from './dom-watcher';
import { FontSizes } from './font-sizes';
import { readChosenLanguage, rememberChosenLanguage } from './language-memory';
import { mountLanguageSwitcher, type LanguageSwitcher } from './language-switcher';
import { NewContentReporter } from './new-content-reporter';
import { PageTranslator, type Dictionary } from './page-translator';
import { stripPlaceholders } from '@bhasha/engine';
import { readScriptConfig } from './read-config';
import { isSameDictionary, readRememberedDictionary, rememberDictionary } from './dictionary-memory';
import { readRememberedSettings, rememberSettings } from './settings-memory';
import { SwalekhInputs } from './swalekh-inputs';
import { openVisitorDialog } from './visitor-dialog';
import { VISITOR_TEXTS } from './visitor-texts';
import { directionOf } from './text-direction';

/** The one global the snippet defines. */
export interface BhashaApi {
  readonly version: string;
  readonly projectId: string;
  /** The language shown now. */
  language(): string;
  /** The source language and the project's target languages. */
  languages(): readonly string[];
  /** Shows the page in a language of the project (the source language shows the original). */
  setLanguage(language: string): Promise<void>;
}

const VERSION = '1';

function warn(message: string, error?: unknown): void {
  // A warning, never an error: the host page's console belongs to its owner.
  console.warn(`[Bhasha] ${message}`, error ?? '');
}

/** A User Timing mark (`bhasha:…`), so site owners and our benchmark can see where the time goes. */
function mark(name: string): void {
  try {
    performance.mark(`bhasha:${name}`);
  } catch {
    // Very old browsers: no User Timing, nothing to mark.
  }
}

function whenDomReady(document: Document): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  );
}

/** Runs one page's delivery: settings, language, translation, changes, switcher, reports. */
class Delivery {
  private readonly dictionaries = new Map<string, Promise<Dictionary>>();
  private readonly translator: PageTranslator;
  private readonly reporter: NewContentReporter;
  private readonly original: { lang: string | null; dir: string | null };
  private readonly fontSizes: FontSizes;
  private readonly swalekh: SwalekhInputs;
  private watcher: DomWatcher | undefined;
  private switcher: LanguageSwitcher | undefined;
  private current: string;
  private shown: Dictionary | undefined;
  private request = 0;
  private visitedUrl = '';

  constructor(
    private readonly document: Document,
    private readonly client: DeliveryClient,
    private readonly settings: SnippetSettings,
    private readonly projectId: string,
    prefetched?: { language: string; dictionary: Promise<Dictionary> },
  ) {
    if (prefetched && prefetched.language !== settings.sourceLanguage) {
      this.dictionaries.set(prefetched.language, prefetched.dictionary);
      prefetched.dictionary.catch(() => this.dictionaries.delete(prefetched.language));
    }
    const options: ExtractOptions = {
      noTranslateSelectors: settings.noTranslateSelectors,
      ignorePatterns: parseIgnorePatternSettings(settings.ignorePatterns),
    };
    this.reporter = new NewContentReporter((url, segments) => client.reportSegments(url, segments));
    this.translator = new PageTranslator(options, (_seen, unknown) => this.reporter.add(unknown));
    const root = document.documentElement;
    this.original = { lang: root.getAttribute('lang'), dir: root.getAttribute('dir') };
    this.current = settings.sourceLanguage;
    this.fontSizes = new FontSizes(document, settings.customFontSizes);
    this.swalekh = new SwalekhInputs(document, settings.swalekhSelectors);
  }

  get languages(): string[] {
    return [
      this.settings.sourceLanguage,
      ...this.settings.languages.filter((code) => code !== this.settings.sourceLanguage),
    ];
  }

  get language(): string {
    return this.current;
  }

  dictionary(language: string): Promise<Dictionary> {
    let pending = this.dictionaries.get(language);
    if (!pending) {
      pending = this.client.fetchTranslations(language).then((dictionary) => {
        rememberDictionary(this.projectId, language, dictionary);
        return dictionary;
      });
      // A failed fetch is tried again on the next switch, not remembered.
      pending.catch(() => this.dictionaries.delete(language));
      this.dictionaries.set(language, pending);
    }
    return pending;
  }

  async start(): Promise<void> {
    const chosen = readChosenLanguage();
    const language = chosen && this.languages.includes(chosen) ? chosen : this.settings.sourceLanguage;
    await this.setLanguage(language);
    this.watcher = watchDom(this.document.documentElement, (blocks) => this.handleChanges(blocks));
    if (this.languages.length > 1) {
      this.switcher = mountLanguageSwitcher(
        this.document,
        this.languages,
        this.current,
        this.settings.popupCss,
        (next) => void this.setLanguage(next),
        {
          suggestLabel: VISITOR_TEXTS.suggestMode,
          feedbackLabel: VISITOR_TEXTS.feedback,
          onSuggestMode: (isActive) => this.setSuggestMode(isActive),
          onFeedback: (button) => this.openFeedback(button),
        },
      );
      this.switcher.setActionsVisible(this.shown !== undefined);
    }
  }

  private quietly(change: () => void): void {
    if (this.watcher) this.watcher.quietly(change);
    else change();
  }

  /** A fresher dictionary arrived (the page was shown with a remembered one): show it in place. */
  refreshDictionary(language: string, dictionary: Dictionary): void {
    this.dictionaries.set(language, Promise.resolve(dictionary));
    if (this.current === language && this.shown !== dictionary) void this.setLanguage(language);
  }

  async setLanguage(language: string): Promise<void> {
    if (!this.languages.includes(language)) throw new Error(`Unknown language ${language}`);
    const request = (this.request += 1);
    const dictionary =
      language === this.settings.sourceLanguage ? undefined : await this.dictionary(language);
    // A later choice made while this one was loading wins.
    if (request !== this.request) return;
    const root = this.document.documentElement;
    this.quietly(() => {
      this.translator.revertAll();
      if (dictionary) {
        this.translator.translate(root, dictionary);
        root.setAttribute('lang', language);
        root.setAttribute('dir', directionOf(language));
      } else {
        this.restoreAttribute('lang', this.original.lang);
        this.restoreAttribute('dir', this.original.dir);
      }
      this.fontSizes.show(language);
      this.swalekh.show(dictionary ? language : undefined);
    });
    if (dictionary) mark('translated');
    this.current = language;
    this.shown = dictionary;
    rememberChosenLanguage(language);
    this.switcher?.setCurrent(language);
    this.switcher?.setActionsVisible(dictionary !== undefined);
    this.countVisit();
  }

  /** Suggestion mode: the next click on a translated text opens the suggestion dialog instead of acting. */
  private setSuggestMode(isActive: boolean): void {
    const root = this.document.documentElement;
    this.quietly(() => root.classList.toggle('bhasha-suggesting', isActive));
    if (isActive) this.document.addEventListener('click', this.handleSuggestClick, true);
    else this.document.removeEventListener('click', this.handleSuggestClick, true);
  }

  private readonly handleSuggestClick = (event: MouseEvent): void => {
    const target = event.target as Node | null;
    if (!target || (target instanceof Element && target.closest('[data-bhasha-ui]'))) return;
    const shown = this.translator.findAt(target);
    if (!shown) return;
    // In suggestion mode a click on a link chooses its text, it does not follow the link.
    event.preventDefault();
    event.stopPropagation();
    const language = this.current;
    const returnTo = this.switcher?.suggestButton ?? null;
    openVisitorDialog(this.document, {
      title: VISITOR_TEXTS.suggestTitle,
      context: [
        {
          label: VISITOR_TEXTS.original,
          text: stripPlaceholders(shown.segment.text),
          lang: this.settings.sourceLanguage,
        },
        { label: VISITOR_TEXTS.current, text: stripPlaceholders(shown.translated), lang: language },
      ],
      fields: [
        {
          name: 'text',
          label: VISITOR_TEXTS.yourTranslation,
          kind: 'textarea',
          value: stripPlaceholders(shown.translated),
          required: true,
          maxLength: 2000,
        },
        { name: 'name', label: VISITOR_TEXTS.yourName, kind: 'text', maxLength: 200 },
      ],
      submitLabel: VISITOR_TEXTS.send,
      cancelLabel: VISITOR_TEXTS.cancel,
      returnFocusTo: returnTo,
      onSubmit: async (values) => {
        const answer = await this.client.send('/suggestions', {
          url: location.href,
          language,
          sourceHash: shown.segment.sourceHash,
          text: values.text,
          ...(values.name ? { suggestedBy: values.name } : {}),
        });
        if (answer.ok) this.switcher?.endSuggestMode();
        return {
          ok: answer.ok,
          message: answer.message || (answer.ok ? VISITOR_TEXTS.thanks : VISITOR_TEXTS.failed),
        };
      },
    });
  };

  private openFeedback(button: HTMLButtonElement): void {
    const language = this.current;
    openVisitorDialog(this.document, {
      title: VISITOR_TEXTS.feedbackTitle,
      context: [],
      fields: [
        { name: 'rating', label: VISITOR_TEXTS.rating, kind: 'rating' },
        { name: 'comment', label: VISITOR_TEXTS.comment, kind: 'textarea', required: true, maxLength: 2000 },
        { name: 'name', label: VISITOR_TEXTS.yourName, kind: 'text', maxLength: 200 },
      ],
      submitLabel: VISITOR_TEXTS.send,
      cancelLabel: VISITOR_TEXTS.cancel,
      returnFocusTo: button,
      onSubmit: async (values) => {
        const answer = await this.client.send('/feedback', {
          url: location.href,
          language,
          comment: values.comment,
          ...(values.rating ? { rating: Number(values.rating) } : {}),
          ...(values.name ? { createdBy: values.name } : {}),
        });
        return {
          ok: answer.ok,
          message: answer.message || (answer.ok ? VISITOR_TEXTS.thanks : VISITOR_TEXTS.failed),
        };
      },
    });
  }

  private restoreAttribute(name: string, value: string | null): void {
    const root = this.document.documentElement;
    if (value === null) root.removeAttribute(name);
    else root.setAttribute(name, value);
  }

  private handleChanges(blocks: Element[]): void {
    try {
      // Client-side navigation shows up as DOM changes: a new URL is a new visit.
      this.countVisit();
      const dictionary = this.shown;
      if (!dictionary) return;
      this.quietly(() => {
        for (const block of blocks) this.translator.translate(block, dictionary);
        // Inputs a single-page app adds later get the keyboard too.
        this.swalekh.show(this.current);
      });
    } catch (error) {
      warn('Could not translate changed content.', error);
    }
  }

  private countVisit(): void {
    const key = `${location.href}\n${this.current}`;
    if (key === this.visitedUrl) return;
    this.visitedUrl = key;
    this.client.countVisit(location.href, this.current);
  }
}

/** Starts the snippet on a page; never throws, and leaves the page as it was when Bhasha cannot be reached. */
export function startSnippet(window: Window & { Bhasha?: BhashaApi }): void {
  const document = window.document;
  if (window.Bhasha) return;
  const config = readScriptConfig(document);
  if (!config) {
    warn('The script tag needs a data-project-id attribute.');
    return;
  }
  const client = new DeliveryClient(config);
  let delivery: Delivery | undefined;
  const fetchedSettings = client.fetchSettings();
  fetchedSettings.then(
    (settings) => rememberSettings(config.projectId, settings),
    () => undefined,
  );
  const rememberedSettings = readRememberedSettings(config.projectId);
  const pendingSettings = rememberedSettings ? Promise.resolve(rememberedSettings) : fetchedSettings;
  let resolveStarted: (running: Delivery | undefined) => void = () => undefined;
  const started = new Promise<Delivery | undefined>((resolve) => (resolveStarted = resolve));
  const remembered = readChosenLanguage();
  // A returning visitor's language is known before the settings arrive: fetch both at once, and
  // start from the translations this browser remembers while the fresh ones load.
  let prefetched: { language: string; dictionary: Promise<Dictionary> } | undefined;
  if (remembered) {
    const language = remembered;
    const fresh = client.fetchTranslations(language).then((dictionary) => {
      mark('dictionary');
      rememberDictionary(config.projectId, language, dictionary);
      return dictionary;
    });
    const stored = readRememberedDictionary(config.projectId, language);
    if (stored) {
      fresh.then(
        (dictionary) => {
          if (isSameDictionary(stored, dictionary)) return;
          // The page may still be loading: apply once the delivery runs.
          void started.then((running) => running?.refreshDictionary(language, dictionary));
        },
        () => undefined,
      );
    }
    prefetched = { language, dictionary: stored ? Promise.resolve(stored) : fresh };
    fresh.catch(() => undefined);
  }
  prefetched?.dictionary.catch(() => undefined);
  window.Bhasha = Object.freeze({
    version: VERSION,
    projectId: config.projectId,
    language: () => delivery?.language ?? document.documentElement.lang,
    languages: () => delivery?.languages ?? [],
    setLanguage: async (language: string) => {
      if (!delivery) throw new Error('Bhasha is not ready yet.');
      await delivery.setLanguage(language);
    },
  });
  void (async () => {
    try {
      const settings = await pendingSettings;
      mark('settings');
      await whenDomReady(document);
      mark('start');
      delivery = new Delivery(document, client, settings, config.projectId, prefetched);
      await delivery.start();
      resolveStarted(delivery);
    } catch (error) {
      resolveStarted(undefined);
      warn('Translations are unavailable; showing the original page.', error);
    }
  })();
}
