import { Readable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { xlsxStream } from '../../../src/formats/xlsx/write';
import { zipStream } from '../../../src/formats/zip/write';

/** Reads an archive back by its central directory (APPNOTE 4.3.12), checking each member's CRC. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const members = new Map<string, string>();
  for (let i = 0; i < count; i += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const crc = archive.readUInt32LE(at + 16);
    const compressed = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const content = inflateRawSync(archive.subarray(dataStart, dataStart + compressed));
    expect(crc32(content)).toBe(crc);
    members.set(name, content.toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return members;
}

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

function rowsOf(rows: string[][]): AsyncIterable<string[]> {
  return Readable.from(rows, { objectMode: true }) as AsyncIterable<string[]>;
}

describe('zip writer', () => {
  it('writes members any ZIP reader can inflate, with their CRCs, names in UTF-8', async () => {
    const archive = await collect(
      zipStream([
        { name: 'a.txt', content: ['hello ', 'world'] },
        { name: 'हिन्दी/b.txt', content: [new TextEncoder().encode('नमस्ते')] },
        { name: 'empty', content: [] },
      ]),
    );
    expect([...unzip(archive)]).toEqual([
      ['a.txt', 'hello world'],
      ['हिन्दी/b.txt', 'नमस्ते'],
      ['empty', ''],
    ]);
  });

  it('writes the same bytes for the same members (fixed timestamps)', async () => {
    const members = () => [{ name: 'x', content: ['same'] }];
    expect((await collect(zipStream(members()))).equals(await collect(zipStream(members())))).toBe(true);
  });
});

describe('xlsx writer', () => {
  it('writes a workbook whose sheet holds every row, escaped and formula-guarded', async () => {
    const archive = await collect(
      xlsxStream(
        'en-hi',
        ['source', 'target'],
        rowsOf([
          ['a < b & "c"', '=SUM(A1)'],
          ['Hello', 'नमस्ते\u0001'],
        ]),
      ),
    );
    const members = unzip(archive);
    expect([...members.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(members.get('xl/workbook.xml')).toContain('name="en-hi"');
    const sheet = members.get('xl/worksheets/sheet1.xml')!;
    const cells = [...sheet.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)].map((match) => match[1]);
    expect(cells).toEqual(['source', 'target', 'a &lt; b &amp; &quot;c&quot;', "'=SUM(A1)", 'Hello', 'नमस्ते']);
  });
});
