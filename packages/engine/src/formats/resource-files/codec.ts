import type { ResourceFile, WriteResourceOptions } from './types';

/** What the facade needs of each format: read a file into units, write translations into it. */
export interface ResourceCodec {
  read(fileName: string, bytes: Uint8Array): ResourceFile;
  /** Reads a written file again to prove it loads (default: `read`); may skip what only an import needs. */
  verify?(fileName: string, bytes: Uint8Array): void;
  /** The file with `translations` (unit id → text) written in; codec errors may escape. */
  write(
    fileName: string,
    bytes: Uint8Array,
    translations: ReadonlyMap<string, string>,
    options: WriteResourceOptions,
  ): Uint8Array;
}
