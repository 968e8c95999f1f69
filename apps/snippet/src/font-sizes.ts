import { UI_ATTRIBUTE } from './collect-dom-segments';

/** Font sizes a project may set (contract CUSTOM_FONT_SIZE_RANGE), re-checked here: the value is written into CSS. */
const MIN_PX = 8;
const MAX_PX = 40;

/** A root font size in CSS pixels that is safe to write into a style sheet, or undefined. */
export function checkedFontSize(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_PX && value <= MAX_PX
    ? value
    : undefined;
}

/**
 * Applies the project's custom font size of the shown language to the page's root element
 * (custom-font-size). One `<style>` element of the snippet's own, whose text is built from a
 * checked integer only, so a setting can never inject CSS; no size for the language (or the
 * source language) empties it and the page's own size applies again.
 */
export class FontSizes {
  private style: HTMLStyleElement | undefined;

  constructor(
    private readonly document: Document,
    private readonly sizes: Readonly<Record<string, number>>,
  ) {}

  show(language: string): void {
    const size = Object.hasOwn(this.sizes, language) ? checkedFontSize(this.sizes[language]) : undefined;
    if (size === undefined && !this.style) return;
    if (!this.style) {
      this.style = this.document.createElement('style');
      this.style.setAttribute(UI_ATTRIBUTE, '');
      (this.document.head ?? this.document.documentElement).appendChild(this.style);
    }
    this.style.textContent = size === undefined ? '' : `html{font-size:${size}px}`;
  }
}
