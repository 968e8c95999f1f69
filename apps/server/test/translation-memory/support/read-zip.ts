import { inflateRawSync } from 'node:zlib';

/**
 * The members of a ZIP archive by name, read through its central directory (the local headers
 * of a streamed archive carry no sizes). Checks each member's CRC, so a corrupt archive fails.
 */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory record');
  const members = new Map<string, Buffer>();
  let at = archive.readUInt32LE(end + 16);
  for (let i = 0; i < archive.readUInt16LE(end + 10); i += 1) {
    if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory record');
    const method = archive.readUInt16LE(at + 10);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extra = archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const local = archive.readUInt32LE(at + 42);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(dataStart, dataStart + compressed);
    const content = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    if (crc32(content) !== crc) throw new Error(`CRC mismatch in ${name}`);
    members.set(name, content);
    at += 46 + nameLength + extra;
  }
  return members;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
