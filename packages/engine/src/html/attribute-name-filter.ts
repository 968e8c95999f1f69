import { Parser, type Handler, type ParserOptions } from 'htmlparser2';

/**
 * A set of attribute names (lower-case), asked about a name as it lies in the page's HTML without
 * slicing it out: htmlparser2 lower-cases attribute names (`toLowerCase`), so an ASCII name is in
 * the set when it equals one of the names ignoring ASCII case. A name with any other character is
 * sliced and lower-cased as the parser does (`toLowerCase` maps a few non-ASCII letters, like
 * U+212A KELVIN SIGN, to ASCII ones).
 */
export class AttributeNameSet {
  /** The names by length: a name is compared only with those of its own length. */
  private readonly byLength: string[][] = [];
  private readonly names: ReadonlySet<string>;

  constructor(names: Iterable<string>) {
    this.names = new Set(names);
    for (const name of this.names) (this.byLength[name.length] ??= []).push(name);
  }

  /** Whether `html.slice(start, end).toLowerCase()` is in the set. */
  hasSliceOf(html: string, start: number, end: number): boolean {
    for (let index = start; index < end; index += 1) {
      if (html.charCodeAt(index) >= 0x80) return this.names.has(html.slice(start, end).toLowerCase());
    }
    const candidates = this.byLength[end - start];
    if (candidates === undefined) return false;
    for (const name of candidates) if (equalsIgnoringAsciiCase(html, start, name)) return true;
    return false;
  }
}

// Whether the ASCII characters of `html` from `start` are `name` (lower-case) ignoring ASCII case.
function equalsIgnoringAsciiCase(html: string, start: number, name: string): boolean {
  for (let index = 0; index < name.length; index += 1) {
    const expected = name.charCodeAt(index);
    const code = html.charCodeAt(start + index);
    if (code === expected) continue;
    // An upper-case ASCII letter matches its lower-case form; nothing else differs and matches.
    if (expected < 0x61 || expected > 0x7a || code !== expected - 0x20) return false;
  }
  return true;
}

/**
 * An htmlparser2 `Parser` whose start tags carry only the attributes some reader of them looks at
 * (`wanted`); any other attribute's value is never sliced, decoded or stored. For one whole
 * document passed to `end` (its offsets are then offsets into that string). What a wanted
 * attribute holds is what the plain parser gives it, the first of duplicates included.
 */
export class AttributeFilteringParser extends Parser {
  private skipping = false;

  constructor(
    handler: Partial<Handler>,
    options: ParserOptions,
    private readonly html: string,
    private readonly wanted: AttributeNameSet,
  ) {
    super(handler, options);
  }

  override onattribname(start: number, endIndex: number): void {
    this.skipping = !this.wanted.hasSliceOf(this.html, start, endIndex);
    if (!this.skipping) super.onattribname(start, endIndex);
  }

  override onattribdata(start: number, endIndex: number): void {
    if (!this.skipping) super.onattribdata(start, endIndex);
  }

  override onattribentity(codePoint: number): void {
    if (!this.skipping) super.onattribentity(codePoint);
  }

  override onattribend(quote: Parameters<Parser['onattribend']>[0], endIndex: number): void {
    if (this.skipping) this.endIndex = endIndex;
    else super.onattribend(quote, endIndex);
  }
}
