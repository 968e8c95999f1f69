import { crc32, deflateRawSync } from 'node:zlib';

/** A member of a hand-built archive; the overrides make it lie the way hostile archives do. */
export interface HandMember {
  name: string;
  data?: Uint8Array | string;
  /** 0 stored, 8 deflate, anything else an unknown method. */
  method?: number;
  flags?: number;
  /** Host system (high byte of "version made by"): 3 is Unix. */
  host?: number;
  /** Unix mode, stored in the high 16 bits of the external attributes. */
  mode?: number;
  crc?: number;
  size?: number;
}

export interface HandArchiveOptions {
  /** Entry count written in the end record (0xffff marks ZIP64). */
  count?: number;
  /** Put a ZIP64 end-of-directory locator before the end record. */
  zip64Locator?: boolean;
}

/** A ZIP archive written byte by byte, with no data descriptors, for tests of the reader. */
export function handZip(members: readonly HandMember[], options: HandArchiveOptions = {}): Uint8Array {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    const raw = Buffer.from(member.data ?? '');
    const method = member.method ?? 0;
    const data = method === 8 ? deflateRawSync(raw) : raw;
    const crc = member.crc ?? crc32(raw);
    const size = member.size ?? raw.length;
    const flags = (member.flags ?? 0) | 0x0800;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt8(20, 4);
    entry.writeUInt8(member.host ?? 0, 5);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(flags, 8);
    entry.writeUInt16LE(method, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(((member.mode ?? 0o100644) << 16) >>> 0, 38);
    entry.writeUInt32LE(offset, 42);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const locator = Buffer.alloc(options.zip64Locator ? 20 : 0);
  if (options.zip64Locator) locator.writeUInt32LE(0x07064b50, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(options.count ?? members.length, 8);
  end.writeUInt16LE(options.count ?? members.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directoryBytes, locator, end]));
}
