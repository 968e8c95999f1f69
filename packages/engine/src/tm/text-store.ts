/**
 * The fuzzy index's normalised texts, kept outside the JavaScript heap: appended into fixed-size
 * pages (a text never straddles two), one byte per UTF-16 code unit when every unit of the text is
 * below 256 (Latin-1: most memories' sources), two bytes otherwise. A million 130-character texts
 * take ~130 MB here instead of ~160 MB of strings plus an array of a million references that every
 * full garbage collection walks. A text is named by a 32-bit handle: the top bit says wide, then the
 * page, then the position in the page. Pages are SharedArrayBuffers where the platform has them, so a
 * second thread of the build reads the texts in place (two-thread-build.ts).
 */

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
    const units = this.unitsOf(handle);
    const start = handle & OFFSET_MASK;
    // Arguments go on the stack: a long text is read a few thousand units at a time.
    let text = '';
    for (let at = start; at < start + length; at += READ_UNITS) {
      const piece = units.subarray(at, Math.min(at + READ_UNITS, start + length));
      text += String.fromCharCode.apply(null, piece as unknown as number[]);
    }
    return text;
  }

  /** Bytes the text of `handle` takes (`length` code units). */
  bytesOf(handle: number, length: number): number {
    return handle >= WIDE ? length * 2 : length;
  }

  /** Bytes of text stored (appended, including texts no longer used). */
  get textBytes(): number {
    return this.storedBytes;
  }

  /** Bytes the pages take, filled or not. */
  get allocatedBytes(): number {
    return (this.narrowPages.length + this.widePages.length * 2) * PAGE_UNITS;
  }
}

/** Copies a string's code units into `into` (which must hold them), for hashing a string like a stored text. */
export function copyCodeUnits(text: string, into: Uint16Array): void {
  for (let i = 0; i < text.length; i += 1) into[i] = text.charCodeAt(i);
}
