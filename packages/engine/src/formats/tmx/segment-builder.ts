import { TmxError, type TmxCode, type TmxCodeKind, type TmxLimits } from './types';

/** A TMX element's attributes by name. */
export type TmxAttributes = Record<string, string>;

/** The segment being read once it has an inline code: its text with markers and the codes behind them. */
export class SegmentBuilder {
  readonly codes: TmxCode[] = [];
  private usedIds: Set<number> | null = null;
  private openByI: Map<string, number> | null = null;
  private openHi: number[] | null = null;
  private nextId = 1;
  /** The code whose native content is being read (text inside bpt/ept/ph/it/ut goes there). */
  private pending: {
    kind: TmxCodeKind;
    form: TmxCode['form'];
    id: number;
    attributes: TmxAttributes;
    content: string;
  } | null = null;

  constructor(
    private readonly limits: TmxLimits,
    public text: string,
  ) {}

  get inCode(): boolean {
    return this.pending !== null;
  }

  addText(text: string): void {
    if (this.pending) {
      this.pending.content += text;
      // The htmlparser2 reader this replaced let a code's content grow without bound; it is text like any other.
      if (this.pending.content.length > this.limits.maxSegmentLength) {
        throw new TmxError(`An inline code is longer than ${this.limits.maxSegmentLength} characters`);
      }
    } else this.text += text;
    if (this.text.length > this.limits.maxSegmentLength) {
      throw new TmxError(`A segment is longer than ${this.limits.maxSegmentLength} characters`);
    }
  }

  open(kind: TmxCodeKind, attributes: TmxAttributes): void {
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
    // The same keys in the same order as the htmlparser2 reader (serialised units stay byte-identical).
    this.codes.push({
      kind: pending.kind,
      form: pending.form,
      id: pending.id,
      attributes: pending.attributes,
      content: pending.content,
    });
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
