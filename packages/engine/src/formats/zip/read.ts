/**
 * A ZIP reader for untrusted uploads (APPNOTE 6.3): the central directory is the truth, each
 * member's local header is checked against it, and an archive is refused, with a message that
 * says why, for what a hostile or broken one does: names that leave the archive (`..`, absolute
 * paths, drive letters), symbolic links, encryption, ZIP64, more members or bytes than the limits,
 * a member that inflates far beyond its compressed size (a bomb), or a CRC that does not match.
 * Directories, `__MACOSX/` and `.DS_Store` are skipped. Stored and deflated members only.
 */
import type * as Zlib from 'node:zlib';
import type { ArchiveEntry, ArchiveLimits } from '../resource-files/types';

/** Why an archive is refused. */
export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError';
}

/** Limits of an uploaded archive when the caller gives none. */
export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 2000,
  maxEntryBytes: 16 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  maxRatio: 200,
};

// Reached at run time, not imported, so browser bundles of the engine never pull `node:zlib` in
// (as write.ts does).
function zlib(): typeof Zlib {
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  if (!builtin) throw new Error('ZIP archives are read on Node 20.16 or later only');
  return builtin('node:zlib') as typeof Zlib;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATE = 8;
/** Bit 0: encrypted; bit 6: strong encryption. */
const ENCRYPTED = 0x0001 | 0x0040;
/** Bit 11: the name is UTF-8 (else CP437; ASCII names read the same either way). */
const UTF8_NAME = 0x0800;
const UNIX_HOST = 3;
const SYMLINK_MODE = 0o120000;
const FILE_TYPE_MASK = 0o170000;
/** The end record is 22 bytes plus a comment of at most 65535. */
const MAX_END_SEARCH = 22 + 0xffff;

function fail(reason: string): never {
  throw new ZipFormatError(`The archive is refused: ${reason}`);
}

function findEndOfDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - MAX_END_SEARCH);
  for (let at = view.byteLength - 22; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  return fail('it is not a ZIP file (no end of central directory)');
}

/**
 * The member's name as a safe relative path (`/` separators), or undefined for names to skip
 * (directories, macOS metadata). Anything that could reach outside the archive is refused.
 */
export function safeMemberPath(raw: string): string | undefined {
  const name = raw.replace(/\\/g, '/');
  if (name.includes('\0')) fail(`the member name "${raw}" holds a NUL character`);
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) fail(`the member "${raw}" has an absolute path`);
  const parts = name.split('/');
  if (parts.some((part) => part === '..')) fail(`the member "${raw}" leaves the archive ("..")`);
  if (name.endsWith('/')) return undefined;
  const kept = parts.filter((part) => part !== '' && part !== '.');
  if (kept[0] === '__MACOSX' || kept.at(-1) === '.DS_Store' || kept.at(-1)?.startsWith('._'))
    return undefined;
  return kept.join('/');
}

interface DirectoryEntry {
  readonly name: string;
  readonly method: number;
  readonly crc: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

function readDirectory(bytes: Uint8Array, view: DataView, limits: ArchiveLimits): DirectoryEntry[] {
  const end = findEndOfDirectory(view);
  if (end >= 20 && view.getUint32(end - 20, true) === ZIP64_LOCATOR) fail('ZIP64 archives are not accepted');
  const disk = view.getUint16(end + 4, true);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  if (disk !== 0) fail('multi-part archives are not accepted');
  if (count === 0xffff || directoryStart === 0xffffffff) fail('ZIP64 archives are not accepted');
  if (count > limits.maxEntries) fail(`it has ${count} members, more than ${limits.maxEntries}`);
  if (directoryStart + directorySize > end) fail('the central directory lies outside the file');

  const decoder = new TextDecoder('utf-8', { fatal: true });
  const entries: DirectoryEntry[] = [];
  let at = directoryStart;
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY)
      fail('the central directory is damaged');
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const host = view.getUint8(at + 5);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const localOffset = view.getUint32(at + 42, true);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    if (at + 46 + nameLength > end) fail('the central directory is damaged');
    let name: string;
    try {
      name = flags & UTF8_NAME ? decoder.decode(nameBytes) : latin1(nameBytes);
    } catch {
      fail('a member name is not valid UTF-8');
    }
    at += 46 + nameLength + extraLength + commentLength;
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      fail(`the member "${name}" needs ZIP64, which is not accepted`);
    const path = safeMemberPath(name);
    if (path === undefined) continue;
    if (host === UNIX_HOST && (mode & FILE_TYPE_MASK) === SYMLINK_MODE)
      fail(`the member "${name}" is a symbolic link`);
    if (flags & ENCRYPTED) fail(`the member "${name}" is encrypted`);
    if (method !== STORED && method !== DEFLATE)
      fail(`the member "${name}" uses compression method ${method}; only stored and deflate are read`);
    entries.push({ name: path, method, crc, compressedSize, size, localOffset });
  }
  return entries;
}

/** Names without the UTF-8 flag: bytes as Latin-1 (exact for ASCII, which such names almost always are). */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/**
 * The files of a ZIP archive, within `limits` (defaults: `DEFAULT_ARCHIVE_LIMITS`). Throws a
 * `ZipFormatError` naming what is wrong; nothing of a refused archive is returned.
 */
export function readZip(bytes: Uint8Array, limits: Partial<ArchiveLimits> = {}): ArchiveEntry[] {
  const bounds: ArchiveLimits = { ...DEFAULT_ARCHIVE_LIMITS, ...limits };
  if (bytes.byteLength < 22) fail('it is not a ZIP file (too short)');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const directory = readDirectory(bytes, view, bounds);
  const { crc32, inflateRawSync } = zlib();
  const seen = new Set<string>();
  const entries: ArchiveEntry[] = [];
  let total = 0;
  for (const entry of directory) {
    if (seen.has(entry.name)) fail(`the member "${entry.name}" appears twice`);
    seen.add(entry.name);
    if (entry.size > bounds.maxEntryBytes)
      fail(`the member "${entry.name}" is ${entry.size} bytes, more than ${bounds.maxEntryBytes}`);
    total += entry.size;
    if (total > bounds.maxTotalBytes) fail(`its members hold more than ${bounds.maxTotalBytes} bytes`);
    if (entry.size > Math.max(1, entry.compressedSize) * bounds.maxRatio)
      fail(`the member "${entry.name}" expands more than ${bounds.maxRatio} times (a zip bomb?)`);

    const local = entry.localOffset;
    if (local + 30 > bytes.byteLength || view.getUint32(local, true) !== LOCAL_HEADER)
      fail(`the member "${entry.name}" has no local header where the directory says`);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const dataEnd = dataStart + entry.compressedSize;
    if (dataEnd > bytes.byteLength) fail(`the member "${entry.name}" runs past the end of the file`);
    const data = bytes.subarray(dataStart, dataEnd);

    let content: Uint8Array;
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.size) fail(`the stored member "${entry.name}" has two sizes`);
      content = data;
    } else {
      try {
        // One byte more than declared: a member that inflates past its size is caught, not cut.
        content = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
      } catch {
        return fail(`the member "${entry.name}" does not inflate to its declared ${entry.size} bytes`);
      }
      if (content.byteLength !== entry.size)
        fail(`the member "${entry.name}" inflates to ${content.byteLength} bytes, not ${entry.size}`);
    }
    if (crc32(content) >>> 0 !== entry.crc) fail(`the member "${entry.name}" fails its CRC check (damaged)`);
    entries.push({ path: entry.name, bytes: new Uint8Array(content) });
  }
  return entries;
}
