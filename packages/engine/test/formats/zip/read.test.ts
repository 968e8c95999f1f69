import { describe, expect, it } from 'vitest';
import { readZip, ZipFormatError } from '../../../src/formats/zip/read';
import { zipStream, type ZipMember } from '../../../src/formats/zip/write';
import { handZip } from './zip-builder';

async function zipOf(members: ZipMember[]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(members)) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function refusal(bytes: Uint8Array, limits = {}): string {
  try {
    readZip(bytes, limits);
  } catch (error) {
    expect(error).toBeInstanceOf(ZipFormatError);
    return (error as Error).message;
  }
  throw new Error('the archive was accepted');
}

describe('readZip of good archives', () => {
  it('reads what zipStream writes (deflate, data descriptors), skipping macOS litter', async () => {
    const bytes = await zipOf([
      { name: 'res/values/strings.xml', content: ['<resources>', '<string name="a">A</string></resources>'] },
      { name: 'res/values-hi/strings.xml', content: ['<resources/>'] },
      { name: '__MACOSX/res/values/._strings.xml', content: ['junk'] },
      { name: 'res/.DS_Store', content: ['junk'] },
    ]);
    const entries = readZip(bytes);
    expect(entries.map((entry) => entry.path)).toEqual([
      'res/values/strings.xml',
      'res/values-hi/strings.xml',
    ]);
    expect(text(entries[0]!.bytes)).toBe('<resources><string name="a">A</string></resources>');
  });

  it('reads stored members, skips directories and normalises backslashes and ./', () => {
    const entries = readZip(
      handZip([
        { name: 'en.lproj/' },
        { name: 'en.lproj\\Localizable.strings', data: '"a" = "b";' },
        { name: './hi.lproj/Localizable.strings', data: '"a" = "c";', method: 8 },
      ]),
    );
    expect(entries.map((entry) => [entry.path, text(entry.bytes)])).toEqual([
      ['en.lproj/Localizable.strings', '"a" = "b";'],
      ['hi.lproj/Localizable.strings', '"a" = "c";'],
    ]);
  });
});

describe('readZip refuses hostile archives', () => {
  it.each([
    ['../evil.xml', '".."'],
    ['res/../../evil.xml', '".."'],
    ['res\\..\\..\\evil.xml', '".."'],
    ['/etc/passwd', 'absolute path'],
    ['C:\\Windows\\evil.xml', 'absolute path'],
  ])('a member named %j', (name, reason) => {
    expect(refusal(handZip([{ name, data: 'x' }]))).toContain(reason);
  });

  it('a symbolic link', () => {
    const bytes = handZip([{ name: 'res/values/strings.xml', data: '/etc/passwd', host: 3, mode: 0o120777 }]);
    expect(refusal(bytes)).toContain('symbolic link');
  });

  it('an encrypted member', () => {
    expect(refusal(handZip([{ name: 'a.strings', data: 'x', flags: 1 }]))).toContain('encrypted');
  });

  it('ZIP64, by its locator or by its markers', () => {
    expect(refusal(handZip([{ name: 'a.strings', data: 'x' }], { zip64Locator: true }))).toContain('ZIP64');
    expect(refusal(handZip([{ name: 'a.strings', data: 'x' }], { count: 0xffff }))).toContain('ZIP64');
  });

  it('more members than allowed', () => {
    const bytes = handZip([1, 2, 3].map((n) => ({ name: `${n}.strings`, data: 'x' })));
    expect(refusal(bytes, { maxEntries: 2 })).toContain('3 members, more than 2');
  });

  it('a member over the size limit, and members over the total', () => {
    const bytes = handZip([
      { name: 'a.strings', data: 'x'.repeat(600) },
      { name: 'b.strings', data: 'y'.repeat(600) },
    ]);
    expect(refusal(bytes, { maxEntryBytes: 500 })).toContain('"a.strings" is 600 bytes, more than 500');
    expect(refusal(bytes, { maxTotalBytes: 1000 })).toContain('more than 1000 bytes');
  });

  it('a zip bomb: a member that expands far beyond its compressed size', () => {
    const bytes = handZip([{ name: 'bomb.xml', data: new Uint8Array(4 * 1024 * 1024), method: 8 }]);
    expect(refusal(bytes)).toContain('expands more than 200 times');
  });

  it('a member that inflates past the size it declares', () => {
    const bytes = handZip([{ name: 'liar.xml', data: 'z'.repeat(5000), method: 8, size: 100 }]);
    expect(refusal(bytes, { maxRatio: 10_000 })).toContain('does not inflate to its declared 100 bytes');
  });

  it('a damaged member (CRC mismatch)', () => {
    expect(refusal(handZip([{ name: 'a.strings', data: 'hello', crc: 1234 }]))).toContain('CRC');
  });

  it('a name twice', () => {
    const bytes = handZip([
      { name: 'a.strings', data: 'x' },
      { name: 'a.strings', data: 'y' },
    ]);
    expect(refusal(bytes)).toContain('appears twice');
  });

  it('something that is no ZIP at all', () => {
    expect(refusal(new TextEncoder().encode('<resources></resources> and more text here'))).toContain(
      'not a ZIP',
    );
  });
});
