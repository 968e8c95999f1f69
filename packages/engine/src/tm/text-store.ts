/**
 * The fuzzy index's normalised texts, kept outside the JavaScript heap: appended into fixed-size
 * pages (a text never straddles two), one byte per UTF-16 code unit when every unit of the text is
 * below 256 (Latin-1: most memories' sources), two bytes otherwise. A million 130-character texts
 * take ~130 MB here instead of ~160 MB of strings plus an array of a million references that every
 * full garbage collection walks. A text is named by a 32-bit handle: the top bit says wide, then the
 * page, then the position in the page. Pages are SharedArrayBuffers where the platform has them, so a
 * second thread of the build reads the texts in place (two-thread-build.ts).
 */

import {
  countDigrams,
  digramTable,
  packDigrams,
  tableOfPairs,
  unpackDigrams,
  type DigramTable,
} from './digram-packing';

/** Code units of one text: a page of the store (the text sits at its handle's offset). */
export type CodeUnits = Uint8Array | Uint16Array;

const OFFSET_BITS = 21;
/** 2 MB narrow pages and 4 MB wide ones: little waste at a page's end, few pages at a million texts. */
const PAGE_UNITS = 1 << OFFSET_BITS;
const OFFSET_MASK = PAGE_UNITS - 1;
const WIDE = 0x80000000;
/** Code units turned into a string per call when a text is read. */
const READ_UNITS = 8192;
/** Page numbers take the 10 bits between the wide flag and the offset. */
const MAX_PAGES = 1 << 10;

/** Memory for a page: shared when asked for and the platform has it (Node, cross-origin-isolated pages). */
function pageMemory(bytes: number, shared: boolean): ArrayBufferLike {
  return shared && typeof SharedArrayBuffer === 'function'
    ? new SharedArrayBuffer(bytes)
    : new ArrayBuffer(bytes);
}

export interface TextStoreOptions {
  /**
   * Pages in shared memory, so a second build thread reads the texts in place
   * (two-thread-build.ts). Only for such a build: a one-thread build has no use for shared memory,
   * which the process cannot hand back piecemeal and which V8 accounts apart from its heap.
   */
  readonly shared?: boolean;
}

/** A store's pages, as another thread receives them (`TextStore.overPages`). */
export interface TextPages {
  readonly narrow: readonly Uint8Array[];
  readonly wide: readonly Uint16Array[];
}

export class TextStore {
  private readonly narrowPages: Uint8Array[] = [];
  private readonly widePages: Uint16Array[] = [];
  private readonly shared: boolean;
  private narrowUsed = PAGE_UNITS;
  private wideUsed = PAGE_UNITS;
  private storedBytes = 0;
  /** Set once the narrow texts are digram-packed (`packed`): the pairs of the codes; the store is then read-only. */
  private digrams: Uint8Array | null = null;
  /** A store made by `packing`: narrow texts are packed with this table as they are appended. */
  private packingTable: DigramTable | null = null;

  constructor(options: TextStoreOptions = {}) {
    this.shared = options.shared ?? false;
  }

  /** A store over pages another thread filled (shared memory), to read its texts by their handles. */
  static overPages(pages: TextPages): TextStore {
    const store = new TextStore();
    store.narrowPages.push(...pages.narrow);
    store.widePages.push(...pages.wide);
    return store;
  }

  /**
   * An empty store whose narrow texts are digram-packed with `table` as they come
   * (`appendPacking`; wide ones by `appendWideText`), so a builder never holds them unpacked
   * (ADR 0019). It reads as a packed store; `seal` trims its last page once it is full.
   */
  static packing(table: DigramTable): TextStore {
    const store = new TextStore();
    store.digrams = table.pairs;
    store.packingTable = table;
    return store;
  }

  /** Packs the narrow text `units[from, from + length)` into a `packing` store; answers its handle. */
  appendPacking(units: Uint8Array, from: number, length: number): number {
    const table = this.packingTable;
    if (table === null) throw new Error('not a packing text store');
    const room = this.roomFor(length * 2);
    const start = this.narrowUsed;
    const end = packDigrams(units, from, length, table, room, start);
    this.narrowUsed = end;
    this.storedBytes += end - start; // bytes as packed, as `packed` counts them
    return ((this.narrowPages.length - 1) << OFFSET_BITS) | start;
  }

  /** Appends a text with a unit above U+00FF (kept as it is, packed store or not); answers its handle. */
  appendWideText(text: string): number {
    if (text.length > PAGE_UNITS)
      throw new RangeError(`a stored text holds at most ${PAGE_UNITS} code units`);
    return this.appendWide(text);
  }

  /** A `packing` store is complete: its last narrow page is cut to what it holds (a copy). */
  seal(): void {
    const last = this.narrowPages.length - 1;
    if (last >= 0 && this.narrowUsed < PAGE_UNITS) {
      this.narrowPages[last] = this.narrowPages[last]!.slice(0, this.narrowUsed);
    }
    const wide = this.widePages.length - 1;
    if (wide >= 0 && this.wideUsed < PAGE_UNITS)
      this.widePages[wide] = this.widePages[wide]!.slice(0, this.wideUsed);
    this.narrowUsed = PAGE_UNITS;
    this.wideUsed = PAGE_UNITS;
    this.packingTable = null;
  }

  /** The pages so far; shared memory unless `isShared` says otherwise. */
  get pages(): TextPages {
    return { narrow: [...this.narrowPages], wide: [...this.widePages] };
  }

  /** Whether every page is shared memory, which another thread can read without a copy. */
  get isShared(): boolean {
    const shared = (page: Uint8Array | Uint16Array) =>
      typeof SharedArrayBuffer === 'function' && page.buffer instanceof SharedArrayBuffer;
    return this.narrowPages.every(shared) && this.widePages.every(shared);
  }

  /** Appends a text (at most `PAGE_UNITS` code units); answers its handle. */
  append(text: string): number {
    this.requireUnpacked();
    const length = text.length;
    if (length > PAGE_UNITS) throw new RangeError(`a stored text holds at most ${PAGE_UNITS} code units`);
    if (this.narrowUsed + length > PAGE_UNITS) {
      if (this.narrowPages.length === MAX_PAGES) throw new RangeError('the text store is full');
      this.narrowPages.push(new Uint8Array(pageMemory(PAGE_UNITS, this.shared)));
      this.narrowUsed = 0;
    }
    const page = this.narrowPages[this.narrowPages.length - 1]!;
    const start = this.narrowUsed;
    let i = 0;
    for (; i < length; i += 1) {
      const code = text.charCodeAt(i);
      if (code > 0xff) break;
      page[start + i] = code;
    }
    if (i === length) {
      this.narrowUsed += length;
      this.storedBytes += length;
      return ((this.narrowPages.length - 1) << OFFSET_BITS) | start;
    }
    return this.appendWide(text);
  }

  /**
   * The narrow page a text of at most `length` units can be written into directly, from
   * `narrowFree` on (a new page when this one has no room); `commitNarrow` then keeps what was
   * written. Lets a caller normalise a text straight into the store, without a string between.
   */
  narrowRoom(length: number): Uint8Array {
    this.requireUnpacked();
    return this.roomFor(length);
  }

  private roomFor(length: number): Uint8Array {
    if (length > PAGE_UNITS) throw new RangeError(`a stored text holds at most ${PAGE_UNITS} code units`);
    if (this.narrowUsed + length > PAGE_UNITS) {
      if (this.narrowPages.length === MAX_PAGES) throw new RangeError('the text store is full');
      this.narrowPages.push(new Uint8Array(pageMemory(PAGE_UNITS, this.shared)));
      this.narrowUsed = 0;
    }
    return this.narrowPages[this.narrowPages.length - 1]!;
  }

  /** Where the next narrow text starts in the page `narrowRoom` answered. */
  get narrowFree(): number {
    return this.narrowUsed;
  }

  /** Keeps the `length` units written at `narrowFree`; answers their handle. */
  commitNarrow(length: number): number {
    const start = this.narrowUsed;
    this.narrowUsed += length;
    this.storedBytes += length;
    return ((this.narrowPages.length - 1) << OFFSET_BITS) | start;
  }

  private appendWide(text: string): number {
    const length = text.length;
    if (this.wideUsed + length > PAGE_UNITS) {
      if (this.widePages.length === MAX_PAGES) throw new RangeError('the text store is full');
      this.widePages.push(new Uint16Array(pageMemory(PAGE_UNITS * 2, this.shared)));
      this.wideUsed = 0;
    }
    const page = this.widePages[this.widePages.length - 1]!;
    const start = this.wideUsed;
    for (let i = 0; i < length; i += 1) page[start + i] = text.charCodeAt(i);
    this.wideUsed += length;
    this.storedBytes += length * 2;
    return (WIDE | ((this.widePages.length - 1) << OFFSET_BITS) | start) >>> 0;
  }

  /** The page holding the text of `handle`; its code units start at `offsetOf(handle)`. */
  unitsOf(handle: number): CodeUnits {
    const page = (handle >>> OFFSET_BITS) & (MAX_PAGES - 1);
    return handle >= WIDE ? this.widePages[page]! : this.narrowPages[page]!;
  }

  offsetOf(handle: number): number {
    return handle & OFFSET_MASK;
  }

  /** The text of `handle` as a string (`length` code units). */
  read(handle: number, length: number): string {
    let units = this.unitsOf(handle);
    let start = handle & OFFSET_MASK;
    if (this.isPackedNarrow(handle)) {
      units = length <= READ_UNITS ? unpackScratch : new Uint8Array(length);
      this.unpackNarrow(handle, length, units);
      start = 0;
    }
    // Arguments go on the stack: a long text is read a few thousand units at a time.
    let text = '';
    for (let at = start; at < start + length; at += READ_UNITS) {
      const piece = units.subarray(at, Math.min(at + READ_UNITS, start + length));
      text += String.fromCharCode.apply(null, piece as unknown as number[]);
    }
    return text;
  }

  /** Bytes the text of `handle` takes (`length` code units; packed, at most that). */
  bytesOf(handle: number, length: number): number {
    return handle >= WIDE ? length * 2 : length;
  }

  /** Whether the narrow texts are digram-packed (`packed`): read them with `unpackNarrow` or `read`. */
  get isPacked(): boolean {
    return this.digrams !== null;
  }

  /** A packed store's digram table (null when its texts are as they are), to pack like texts with. */
  get digramTable(): DigramTable | null {
    if (this.packingTable !== null) return this.packingTable;
    return this.digrams === null ? null : tableOfPairs(this.digrams);
  }

  /** Whether the text of `handle` is packed (a narrow text of a packed store), not readable in place. */
  isPackedNarrow(handle: number): boolean {
    return this.digrams !== null && handle < WIDE;
  }

  /** Unpacks the packed narrow text of `handle` (`length` code units) into `into` from 0. */
  unpackNarrow(handle: number, length: number, into: Uint8Array): void {
    const page = this.narrowPages[(handle >>> OFFSET_BITS) & (MAX_PAGES - 1)]!;
    unpackDigrams(page, handle & OFFSET_MASK, length, this.digrams!, into);
  }

  /**
   * The texts of `handles` (one a slot, `lengths` their code units) in a new, read-only store whose
   * narrow texts are digram-packed with a table of these texts' own pairs (digram-packing.ts), and
   * their handles there. Wide texts keep their pages. Meant for a sealed segment: this store is
   * emptied as its pages are packed (each narrow page is let go once every text on it is packed, so
   * the packing holds about one page twice, not the segment) and must not be used afterwards.
   */
  packed(
    handles: Uint32Array,
    lengths: Uint16Array,
    size: number,
  ): { store: TextStore; handles: Uint32Array } {
    this.requireUnpacked();
    const counts = new Int32Array(128 * 128);
    const pageStarts = new Int32Array(this.narrowPages.length + 1);
    // The pairs are counted over a sample of ~`DIGRAM_SAMPLE` texts spread over the slots (slots
    // are in length order): the table is as good, and counting every text cost ~40 % of a packing.
    const step = Math.max(1, Math.floor(size / DIGRAM_SAMPLE));
    for (let slot = 0; slot < size; slot += step) {
      const handle = handles[slot]!;
      if (handle >= WIDE || lengths[slot]! < 2) continue;
      countDigrams(this.narrowPages[handle >>> OFFSET_BITS]!, handle & OFFSET_MASK, lengths[slot]!, counts);
    }
    const table = digramTable(counts);
    // Narrow slots in page order (a counting sort), so each page is let go once passed.
    for (let slot = 0; slot < size; slot += 1) {
      if (handles[slot]! < WIDE) pageStarts[(handles[slot]! >>> OFFSET_BITS) + 1]! += 1;
    }
    for (let page = 1; page < pageStarts.length; page += 1) pageStarts[page]! += pageStarts[page - 1]!;
    const cursor = pageStarts.slice();
    const order = new Int32Array(pageStarts[pageStarts.length - 1]!);
    for (let slot = 0; slot < size; slot += 1) {
      if (handles[slot]! < WIDE) order[cursor[handles[slot]! >>> OFFSET_BITS]!++] = slot;
    }
    const out = new TextStore();
    out.widePages.push(
      ...this.widePages.map((page, at) => trimmed(page, at, this.widePages.length, this.wideUsed)),
    );
    out.storedBytes = this.storedBytes - this.narrowBytes();
    const packedHandles = handles.slice(0, size);
    for (let page = 0; page < this.narrowPages.length; page += 1) {
      const units = this.narrowPages[page]!;
      for (let k = pageStarts[page]!; k < pageStarts[page + 1]!; k += 1) {
        const slot = order[k]!;
        const length = lengths[slot]!;
        const room = out.narrowRoom(length * 2);
        const end = packDigrams(units, handles[slot]! & OFFSET_MASK, length, table, room, out.narrowFree);
        packedHandles[slot] = out.commitNarrow(end - out.narrowFree);
      }
      this.narrowPages[page] = EMPTY_PAGE;
    }
    const last = out.narrowPages.length - 1;
    if (last >= 0) out.narrowPages[last] = out.narrowPages[last]!.slice(0, out.narrowUsed);
    out.narrowUsed = PAGE_UNITS;
    out.wideUsed = PAGE_UNITS;
    out.digrams = table.pairs;
    return { store: out, handles: packedHandles };
  }

  private narrowBytes(): number {
    return this.narrowPages.length === 0 ? 0 : (this.narrowPages.length - 1) * PAGE_UNITS + this.narrowUsed;
  }

  private requireUnpacked(): void {
    if (this.digrams !== null) throw new Error('a packed text store is read-only');
  }

  /** Bytes of text stored (appended, including texts no longer used). */
  get textBytes(): number {
    return this.storedBytes;
  }

  /** Bytes the pages take, filled or not. */
  get allocatedBytes(): number {
    let bytes = 0;
    for (const page of this.narrowPages) bytes += page.byteLength;
    for (const page of this.widePages) bytes += page.byteLength;
    return bytes;
  }
}

const EMPTY_PAGE = new Uint8Array(0);
/** Texts whose pairs choose a packed store's table. */
const DIGRAM_SAMPLE = 16_384;
/** A packed text unpacked for `read` (a merge reads every text of its segments). */
const unpackScratch = new Uint8Array(READ_UNITS);

/** The last of `count` wide pages cut to its `used` units (a copy); the others as they are. */
function trimmed(page: Uint16Array, at: number, count: number, used: number): Uint16Array {
  return at === count - 1 && used < PAGE_UNITS ? page.slice(0, used) : page;
}

/** Copies a string's code units into `into` (which must hold them), for hashing a string like a stored text. */
export function copyCodeUnits(text: string, into: Uint16Array): void {
  for (let i = 0; i < text.length; i += 1) into[i] = text.charCodeAt(i);
}
