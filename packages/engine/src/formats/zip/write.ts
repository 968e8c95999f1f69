import type * as Zlib from 'node:zlib';

// Reached through `process.getBuiltinModule` when an archive is written, not imported, so the
// browser bundles that use this package (the snippet, the dashboard) never pull `node:zlib` in.
function zlib(): typeof Zlib {
  const builtin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process
    ?.getBuiltinModule;
  if (!builtin) throw new Error('ZIP archives are written on Node 20.16 or later only');
  return builtin('node:zlib') as typeof Zlib;
}

/** One member of a streamed ZIP archive: a name and its content, produced piece by piece. */
export interface ZipMember {
  name: string;
  content: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;
}

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** DOS date and time of 1 January 2000: archives built from the same rows are identical. */
const DOS_TIME = 0;
const DOS_DATE = ((2000 - 1980) << 9) | (1 << 5) | 1;
/** Bit 3: sizes and CRC follow the data (a data descriptor), so nothing is held to measure it. Bit 11: UTF-8 names. */
const FLAGS = 0x0808;
const DEFLATE = 8;

/**
 * Writes a ZIP archive (APPNOTE 6.3, deflate, data descriptors, no ZIP64: members and archive
 * under 4 GB) as it is read: each member is compressed while its content is produced, so memory
 * stays flat however many rows a member holds.
 */
export async function* zipStream(members: Iterable<ZipMember>): AsyncGenerator<Buffer> {
  const { crc32, createDeflateRaw } = zlib();
  const written: Written[] = [];
  let offset = 0;
  for (const member of members) {
    const name = Buffer.from(member.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(DOS_TIME, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    // CRC and sizes stay 0 here: the data descriptor after the data carries them.
    header.writeUInt16LE(name.length, 26);
    yield Buffer.concat([header, name]);
    const entry: Written = { name, offset, crc: 0, compressed: 0, size: 0 };
    offset += header.length + name.length;

    const deflate = createDeflateRaw({ level: 6 });
    const produce = (async () => {
      for await (const piece of member.content) {
        const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
      }
      deflate.end();
    })().catch((error: unknown) => deflate.destroy(error as Error));
    for await (const out of deflate as AsyncIterable<Buffer>) {
      entry.compressed += out.length;
      yield out;
    }
    await produce;
    offset += entry.compressed;
    if (offset > 0xffffffff || entry.size > 0xffffffff) throw new Error('The archive passed 4 GB');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    yield descriptor;
    offset += descriptor.length;
    written.push(entry);
  }

  const directoryStart = offset;
  let directorySize = 0;
  for (const entry of written) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(DOS_TIME, 12);
    record.writeUInt16LE(DOS_DATE, 14);
    record.writeUInt32LE(entry.crc >>> 0, 16);
    record.writeUInt32LE(entry.compressed, 20);
    record.writeUInt32LE(entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt32LE(entry.offset, 42);
    yield Buffer.concat([record, entry.name]);
    directorySize += record.length + entry.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}
