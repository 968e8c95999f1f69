/** Marks the inputs where the project offers the Swalekh keyboard (swalekhIntegration). */
export const SWALEKH_ATTRIBUTE = 'data-bhasha-swalekh';

/**
 * Marks the page's inputs that match the project's Swalekh selectors with the shown language
 * (`data-bhasha-swalekh="hi"`, and `lang` so the browser's and the OS's input methods follow it),
 * and tells the page with a `bhasha:swalekh` event, which the Swalekh keyboard script listens
 * for to attach itself. Shown in the source language, the marks are taken away again. Selectors
 * are the segmenter's checked subset, valid for `querySelectorAll`; a bad one is skipped.
 */
export class SwalekhInputs {
  private readonly marked = new Map<Element, string | null>();

  constructor(
    private readonly document: Document,
    private readonly selectors: readonly string[],
  ) {}

  show(language: string | undefined): void {
    if (this.selectors.length === 0) return;
    const matched = new Set<Element>();
    if (language) {
      for (const selector of this.selectors) {
        try {
          for (const input of Array.from(this.document.querySelectorAll(selector))) matched.add(input);
        } catch {
          // An unsupported selector on this browser: the other selectors still apply.
        }
      }
    }
    for (const [input, lang] of this.marked) {
      if (matched.has(input)) continue;
      input.removeAttribute(SWALEKH_ATTRIBUTE);
      if (lang === null) input.removeAttribute('lang');
      else input.setAttribute('lang', lang);
      this.marked.delete(input);
    }
    if (!language) return;
    for (const input of matched) {
      if (!this.marked.has(input)) this.marked.set(input, input.getAttribute('lang'));
      input.setAttribute(SWALEKH_ATTRIBUTE, language);
      input.setAttribute('lang', language);
    }
    if (matched.size > 0) {
      this.document.dispatchEvent(
        new CustomEvent('bhasha:swalekh', { detail: { language, inputs: [...matched] } }),
      );
    }
  }
}
