/**
 * The TMX reader it replaced (htmlparser2 in XML mode), kept unchanged under test/
 * only as the reference the new hand-written reader is compared with (tmx-equivalence.test.ts) and
 * measured against (scripts). Not used by the product.
 */
import { Parser } from 'htmlparser2';
import { tmxDecoderFor, type Decoder } from '../../../src/formats/tmx/decoder';
import {
  DEFAULT_TMX_LIMITS,
  TmxError,
  type TmxCode,
  type TmxCodeKind,
  type TmxEvent,
  type TmxLimits,
  type TmxProperty,
  type TmxUnit,
  type TmxVariant,
} from '../../../src/formats/tmx/types';

type Attributes = Record<string, string>;

const CODE_KINDS = new Set<TmxCodeKind>(['bpt', 'ept', 'ph', 'it', 'hi', 'ut']);

/** htmlparser2 reports a self-closing tag's end as "implied", like a real nesting error: tell them apart. */
class TmxXmlParser extends Parser {
  selfClosing = false;

  override onselfclosingtag(endIndex: number): void {
    this.selfClosing = true;
    try {
      super.onselfclosingtag(endIndex);
    } finally {
      this.selfClosing = false;
    }
  }
}

/** The segment being read: its text with markers and the codes behind them. */
class SegmentBuilder {
  text = '';
  readonly codes: TmxCode[] = [];
  // Created on a segment's first inline code: most segments have none, and a Set and a Map per
  // segment were a third of the reader's garbage at a million units.
  private usedIds: Set<number> | null = null;
  private openByI: Map<string, number> | null = null;
  private openHi: number[] | null = null;
  private nextId = 1;
  /** The code whose native content is being read (text inside bpt/ept/ph/it/ut goes there). */
  private pending: {
    kind: TmxCodeKind;
    form: TmxCode['form'];
    id: number;
    attributes: Attributes;
    content: string;
  } | null = null;

  constructor(private readonly limits: TmxLimits) {}

  get inCode(): boolean {
    return this.pending !== null;
  }

  addText(text: string): void {
    if (this.pending) this.pending.content += text;
    else this.text += text;
    if (this.text.length > this.limits.maxSegmentLength) {
      throw new TmxError(`A segment is longer than ${this.limits.maxSegmentLength} characters`);
    }
  }

  open(kind: TmxCodeKind, attributes: Attributes): void {
    if (this.pending) {
      throw new TmxError(`<${kind}> cannot appear inside <${this.pending.kind}>`);
    }
    if (kind === 'hi') {
      const id = this.allocate(attributes.x);
      (this.openHi ??= []).push(id);
      this.text += `<x${id}>`;
      this.codes.push({ id, form: 'open', kind, attributes, content: '' });
      return;
    }
    let id: number;
    let form: TmxCode['form'];
    if (kind === 'bpt') {
      const pair = attributes.i;
      if (pair === undefined) throw new TmxError('<bpt> needs an i attribute');
      this.openByI ??= new Map();
      if (this.openByI.has(pair)) throw new TmxError(`Two <bpt i="${pair}"> are open in one segment`);
      id = this.allocate(attributes.x);
      this.openByI.set(pair, id);
      form = 'open';
    } else if (kind === 'ept') {
      const pair = attributes.i;
      const opened = pair === undefined ? undefined : this.openByI?.get(pair);
      if (opened === undefined) throw new TmxError(`<ept i="${pair ?? ''}"> has no matching <bpt>`);
      this.openByI!.delete(pair!);
      id = opened;
      form = 'close';
    } else {
      id = this.allocate(attributes.x);
      form = 'void';
    }
    this.text += form === 'open' ? `<x${id}>` : form === 'close' ? `</x${id}>` : `<x${id}/>`;
    this.pending = { kind, form, id, attributes, content: '' };
  }

  close(kind: TmxCodeKind): void {
    if (kind === 'hi') {
      const id = this.openHi?.pop();
      if (id === undefined) throw new TmxError('</hi> without <hi>');
      this.text += `</x${id}>`;
      this.codes.push({ id, form: 'close', kind, attributes: {}, content: '' });
      return;
    }
    const pending = this.pending;
    if (!pending || pending.kind !== kind) throw new TmxError(`</${kind}> does not close an open <${kind}>`);
    const { content, ...rest } = pending;
    this.codes.push({ ...rest, content });
    this.pending = null;
  }

  finish(): { text: string; codes: TmxCode[] } {
    const unpaired = this.openByI ? [...this.openByI.keys()] : [];
    if (unpaired.length > 0) throw new TmxError(`<bpt i="${unpaired[0]}"> has no matching <ept>`);
    return { text: this.text, codes: this.codes };
  }

  /** The id of a new marker: the TMX `x` attribute when it is a free number (it links codes across languages), else the next free one. */
  private allocate(x: string | undefined): number {
    const wanted = x !== undefined && /^\d{1,6}$/.test(x) ? Number(x) : NaN;
    const usedIds = (this.usedIds ??= new Set());
    let id = wanted;
    if (!(id >= 1) || usedIds.has(id)) {
      while (usedIds.has(this.nextId)) this.nextId += 1;
      id = this.nextId;
    }
    usedIds.add(id);
    return id;
  }
}

/**
 * A push parser for TMX (1.1–1.4): feed it decoded text, take the header and each translation unit
 * as soon as its `</tu>` is read. Built on htmlparser2 in XML mode, which decodes only the five
 * predefined entities and numeric character references and never reads a DTD; internal DTD subsets
 * and entity declarations are refused outright.
 */
export class TmxPushParser {
  private readonly parser: TmxXmlParser;
  private readonly events: TmxEvent[] = [];
  private readonly stack: string[] = [];
  private readonly limits: TmxLimits;
  private sawRoot = false;
  private version = '';
  private unitCount = 0;
  private unit: {
    attributes: Attributes;
    properties: TmxProperty[];
    notes: string[];
    variants: TmxVariant[];
  } | null = null;
  private variant: {
    lang: string;
    attributes: Attributes;
    properties: TmxProperty[];
    notes: string[];
  } | null = null;
  private segment: SegmentBuilder | null = null;
  private segmentDone: { text: string; codes: TmxCode[] } | null = null;
  /** prop or note being read: its target and text. */
  private field: { kind: 'prop' | 'note'; type: string; text: string } | null = null;
  private error: TmxError | null = null;
  private charsSinceEvent = 0;
  /** Set by `end()`, so elements left open are reported as a file cut short. */
  private ended = false;

  constructor(limits: Partial<TmxLimits> = {}) {
    this.limits = { ...DEFAULT_TMX_LIMITS, ...limits };
    this.parser = new TmxXmlParser(
      {
        // Each handler checks and records a failure itself rather than through a shared wrapper
        // taking a closure: that was an allocation per tag and text, millions in a large file.
        onopentag: (name, attributes) => {
          this.charsSinceEvent = 0;
          if (this.error) return;
          try {
            this.openTag(name.toLowerCase(), attributes);
          } catch (error) {
            this.fail(error);
          }
        },
        onclosetag: (name, implied) => {
          this.charsSinceEvent = 0;
          if (this.error) return;
          try {
            this.closeTag(name.toLowerCase(), implied);
          } catch (error) {
            this.fail(error);
          }
        },
        ontext: (text) => {
          this.charsSinceEvent = 0;
          if (this.error || (this.segment === null && this.field === null)) return;
          try {
            this.text(text);
          } catch (error) {
            this.fail(error);
          }
        },
        onprocessinginstruction: (name, data) => {
          this.charsSinceEvent = 0;
          if (this.error) return;
          try {
            this.declaration(name.toLowerCase(), data);
          } catch (error) {
            this.fail(error);
          }
        },
        oncomment: () => {
          this.charsSinceEvent = 0;
        },
      },
      { xmlMode: true, decodeEntities: true },
    );
  }

  /** Feeds decoded text; answers the events it completed. Throws `TmxError` on a bad file. */
  write(text: string): TmxEvent[] {
    this.charsSinceEvent += text.length;
    this.parser.write(text);
    this.raiseIfFailed();
    if (this.charsSinceEvent > this.limits.maxTokenLength) {
      throw new TmxError(`A tag or comment is longer than ${this.limits.maxTokenLength} characters`);
    }
    return this.events.splice(0);
  }

  /** Ends the input; answers the last events. Throws `TmxError` when the file is cut short or not TMX. */
  end(): TmxEvent[] {
    this.ended = true;
    this.parser.end();
    this.raiseIfFailed();
    if (!this.sawRoot) throw new TmxError('This is not a TMX file: it has no <tmx> element');
    return this.events.splice(0);
  }

  /** Keeps the first TmxError for `raiseIfFailed`; anything else is a bug and propagates. */
  private fail(error: unknown): void {
    if (error instanceof TmxError) this.error = error;
    else throw error;
  }

  private raiseIfFailed(): void {
    if (!this.error) return;
    const where = this.unit ? ` (translation unit ${this.unitCount + 1})` : '';
    throw new TmxError(`Invalid TMX file: ${this.error.message}${where}`);
  }

  private declaration(name: string, data: string): void {
    if (name === '?xml') return;
    if (name === '!doctype') {
      if (data.includes('[')) throw new TmxError('DTD declarations inside the file are not accepted');
      return;
    }
    throw new TmxError(`Declarations such as <${data.slice(0, 20)}…> are not accepted`);
  }

  private openTag(name: string, attributes: Attributes): void {
    const parent = this.stack[this.stack.length - 1];
    this.stack.push(name);
    if (this.stack.length > this.limits.maxDepth) throw new TmxError('Elements are nested too deeply');
    if (this.segment) {
      if (CODE_KINDS.has(name as TmxCodeKind)) this.segment.open(name as TmxCodeKind, attributes);
      else if (name === 'sub') {
        if (!this.segment.inCode) throw new TmxError('<sub> may only appear inside an inline code');
      } else throw new TmxError(`<${name}> is not allowed inside <seg>`);
      return;
    }
    switch (name) {
      case 'tmx':
        if (parent !== undefined) throw new TmxError('<tmx> must be the root element');
        this.sawRoot = true;
        this.version = attributes.version ?? '';
        return;
      case 'header':
        this.expectParent(name, parent, 'tmx');
        this.events.push({ type: 'header', header: { version: this.version, attributes } });
        return;
      case 'body':
        this.expectParent(name, parent, 'tmx');
        return;
      case 'tu':
        this.expectParent(name, parent, 'body');
        this.unit = { attributes, properties: [], notes: [], variants: [] };
        return;
      case 'tuv': {
        this.expectParent(name, parent, 'tu');
        const lang = attributes['xml:lang'] ?? attributes.lang;
        if (!lang) throw new TmxError('<tuv> needs an xml:lang attribute');
        if (this.unit!.variants.length >= this.limits.maxVariantsPerUnit) {
          throw new TmxError(`A unit has more than ${this.limits.maxVariantsPerUnit} language versions`);
        }
        this.variant = { lang, attributes, properties: [], notes: [] };
        this.segmentDone = null;
        return;
      }
      case 'seg':
        this.expectParent(name, parent, 'tuv');
        if (this.segmentDone) throw new TmxError('A <tuv> has two <seg> elements');
        this.segment = new SegmentBuilder(this.limits);
        return;
      case 'prop':
      case 'note':
        this.field = { kind: name, type: attributes.type ?? '', text: '' };
        return;
      case 'map':
      case 'ude':
        return;
      default:
        if (!this.sawRoot) throw new TmxError('This is not a TMX file: it has no <tmx> element');
        throw new TmxError(`Unknown element <${name}>`);
    }
  }

  private expectParent(name: string, parent: string | undefined, expected: string): void {
    if (parent !== expected) {
      if (!this.sawRoot) throw new TmxError('This is not a TMX file: it has no <tmx> element');
      throw new TmxError(`<${name}> must be inside <${expected}>`);
    }
  }

  private closeTag(name: string, implied: boolean): void {
    if (implied && !this.parser.selfClosing) {
      throw new TmxError(
        this.ended ? `The file ends before </${name}>` : `<${name}> is not closed where it should be`,
      );
    }
    this.stack.pop();
    if (this.segment && name !== 'seg') {
      if (CODE_KINDS.has(name as TmxCodeKind)) this.segment.close(name as TmxCodeKind);
      return;
    }
    switch (name) {
      case 'seg':
        this.segmentDone = this.segment!.finish();
        this.segment = null;
        return;
      case 'tuv': {
        const variant = this.variant!;
        if (!this.segmentDone) throw new TmxError('A <tuv> has no <seg>');
        this.unit!.variants.push({ ...variant, segment: this.segmentDone });
        this.variant = null;
        this.segmentDone = null;
        return;
      }
      case 'tu': {
        const unit: TmxUnit = this.unit!;
        this.unit = null;
        this.unitCount += 1;
        this.events.push({ type: 'unit', unit });
        return;
      }
      case 'prop':
      case 'note': {
        const field = this.field!;
        this.field = null;
        const owner = this.variant ?? this.unit;
        if (!owner) return; // header properties describe the file, not its texts
        if (field.kind === 'prop') owner.properties.push({ type: field.type, value: field.text });
        else owner.notes.push(field.text);
        return;
      }
      default:
        return;
    }
  }

  private text(text: string): void {
    if (this.segment) this.segment.addText(text);
    else if (this.field) {
      this.field.text += text;
      if (this.field.text.length > this.limits.maxSegmentLength)
        throw new TmxError('A <prop> or <note> is too long');
    }
  }
}

/** Reads a TMX file from a stream of bytes (or already decoded strings), one event per header or unit. */
export async function* readTmx(
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  limits: Partial<TmxLimits> = {},
): AsyncGenerator<TmxEvent> {
  const parser = new TmxPushParser(limits);
  let decoder: Decoder | null = null;
  let head: Uint8Array | null = null;
  const decode = (bytes: Uint8Array, final: boolean): string => {
    try {
      return decoder!.decode(bytes, { stream: !final });
    } catch {
      throw new TmxError('Invalid TMX file: it is not valid text in its declared encoding');
    }
  };
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      yield* parser.write(chunk);
      continue;
    }
    if (!decoder) {
      // Wait for enough bytes to read a byte order mark and the XML declaration.
      head = head ? concat(head, chunk) : chunk;
      if (head.length < 200) continue;
      decoder = tmxDecoderFor(head);
      yield* parser.write(stripBom(decode(head, false)));
      head = null;
      continue;
    }
    yield* parser.write(decode(chunk, false));
  }
  if (head) {
    decoder = tmxDecoderFor(head);
    yield* parser.write(stripBom(decode(head, false)));
  }
  if (decoder) yield* parser.write(decode(new Uint8Array(0), true));
  yield* parser.end();
}

/** Reads a whole TMX document held in memory (tests, small files). */
export function parseTmxText(text: string, limits: Partial<TmxLimits> = {}): TmxEvent[] {
  const parser = new TmxPushParser(limits);
  const events = parser.write(stripBom(text));
  return [...events, ...parser.end()];
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
