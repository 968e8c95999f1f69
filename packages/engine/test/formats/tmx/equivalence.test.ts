import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTmxText, readTmx, TmxPushParser } from '../../../src/formats/tmx/read';
import { type TmxEvent, type TmxLimits, type TmxUnit } from '../../../src/formats/tmx/types';
import { tmxPrologue, tmxUnitXml, TMX_EPILOGUE } from '../../../src/formats/tmx/write';
import { seededRandom } from '../../support/seeded-random';
import * as htmlparser2Reader from './read-htmlparser2';
import { TMX_FIXTURES, tmxFiles } from './fixtures';

/*
 * The hand-written reader against the htmlparser2 reader it replaced, kept under test/
 * as read-htmlparser2.ts: identical events on every fixture and on a file shaped like the
 * benchmark's, in any chunking; never accepting what the old one refused; and each check of the new
 * one shown to matter by an input only that check refuses.
 */

type Outcome = { events: TmxEvent[] } | { error: string };

async function outcome(run: () => AsyncIterable<TmxEvent> | Iterable<TmxEvent>): Promise<Outcome> {
  const events: TmxEvent[] = [];
  try {
    for await (const event of run()) events.push(event);
    return { events };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Bytes cut at random places (characters and tags split between chunks). */
function* randomByteChunks(bytes: Uint8Array, next: () => number, mean: number): Generator<Uint8Array> {
  let at = 0;
  while (at < bytes.length) {
    const size = 1 + Math.floor(next() * mean * 2);
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

/** Text written to the push parser in random pieces (surrogate pairs and references split too). */
function pushInPieces(
  Parser: new (limits?: Partial<TmxLimits>) => { write(text: string): TmxEvent[]; end(): TmxEvent[] },
  text: string,
  next: () => number,
  mean: number,
): Outcome {
  const parser = new Parser();
  const events: TmxEvent[] = [];
  try {
    let at = 0;
    while (at < text.length) {
      const size = 1 + Math.floor(next() * mean * 2);
      events.push(...parser.write(text.slice(at, at + size)));
      at += size;
    }
    events.push(...parser.end());
    return { events };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function decodeFixture(bytes: Uint8Array): string {
  const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe;
  return new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(bytes).replace(/^\uFEFF/, '');
}

/** A file shaped like the benchmark's (bench/src/tmx-import.bench.ts), with what the bench lacks: references, quotes in attributes, characters outside the BMP, properties and notes. */
function benchLikeFile(units: number, seed: number): string {
  const next = seededRandom(seed);
  const english = [
    "Welsh AMs worried about 'looking like muppets'",
    'Tom & Jerry < 3 > 2',
    'A "quoted" word',
  ];
  const hindi = ['वेल्श के AM (विधानसभा सदस्य) चिंतित हैं', 'नमस्ते 😀 दुनिया', 'हिन्दी पाठ'];
  let xml = tmxPrologue({ attributes: { srclang: 'en' } });
  for (let i = 0; i < units; i += 1) {
    const bold = next() < 0.2;
    const wrap = (text: string) => (bold ? `<x1>${text}</x1>` : text);
    const unit: TmxUnit = {
      attributes: { tuid: String(i + 1), ...(i % 7 === 0 ? { 'x-note': `a "b" & <c> ${i}` } : {}) },
      properties: i % 5 === 0 ? [{ type: 'x-origin', value: `import & "more" ${i}` }] : [],
      notes: i % 11 === 0 ? ['a note < with > markup & more'] : [],
      variants: [
        {
          lang: 'en',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(english[i % english.length]!)} (${i})`, codes: [] },
        },
        {
          lang: 'hi',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: `${wrap(hindi[i % hindi.length]!)} (${i})`, codes: [] },
        },
      ],
    };
    xml += tmxUnitXml(unit);
  }
  return xml + TMX_EPILOGUE;
}

const files = tmxFiles();
// The old reader on one-character chunks and the damage fuzz take seconds; more on a loaded machine.
const SLOW = 120_000;
const encoder = new TextEncoder();

describe('TMX reader: the hand-written reader against the htmlparser2 one', () => {
  it.each(files.map((path) => [path.slice(TMX_FIXTURES.length), path]))(
    '%s: identical events or error, whole and in random chunks of bytes and of text',
    async (_name, path) => {
      const bytes = readFileSync(path);
      const before = await outcome(() => htmlparser2Reader.readTmx([bytes]));
      const after = await outcome(() => readTmx([bytes]));
      expect(after).toEqual(before);
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      const text = decodeFixture(bytes);
      const next = seededRandom(path.length);
      // One character at a time only on the small files (the large ones take seconds so).
      for (const mean of bytes.length < 30_000 ? [1, 3, 17, 200] : [3, 17, 200]) {
        const chunked = await outcome(() => readTmx(randomByteChunks(bytes, next, mean)));
        expect(chunked).toEqual(before);
        expect(pushInPieces(TmxPushParser, text, next, mean)).toEqual(before);
      }
    },
    SLOW,
  );

  it(
    'reads a file shaped like the benchmark identically, in any chunking',
    async () => {
      const text = benchLikeFile(2_000, 6);
      const bytes = encoder.encode(text);
      const before = await outcome(() => htmlparser2Reader.readTmx([bytes]));
      expect('events' in before && before.events.length).toBe(2_001);
      const after = await outcome(() => readTmx([bytes]));
      expect(JSON.stringify(after)).toBe(JSON.stringify(before));
      const next = seededRandom(7);
      for (const mean of [7, 4096, 65536]) {
        expect(await outcome(() => readTmx(randomByteChunks(bytes, next, mean)))).toEqual(before);
        expect(pushInPieces(TmxPushParser, text, next, mean)).toEqual(before);
      }
    },
    SLOW,
  );

  it(
    'never accepts a damaged file the old reader refused, and reads the same units from any it accepts',
    () => {
      // Random damage to each fixture: the new reader refuses more (XML the old one let through)
      // but must refuse everything the old one refused, and agree wherever both accept.
      const next = seededRandom(2026);
      const pieces = [
        '<',
        '>',
        '&',
        '"',
        "'",
        '/',
        '</seg>',
        '<seg>',
        '<ph>',
        '</tu>',
        '&amp;',
        '&#65;',
        '<!--',
        '-->',
      ];
      let bothAccepted = 0;
      for (const path of files) {
        const text = decodeFixture(readFileSync(path)).slice(0, 20_000);
        for (let round = 0; round < 60; round += 1) {
          let damaged = text;
          const at = Math.floor(next() * damaged.length);
          damaged =
            next() < 0.4
              ? damaged.slice(0, at) + damaged.slice(at + 1 + Math.floor(next() * 3))
              : damaged.slice(0, at) + pieces[Math.floor(next() * pieces.length)] + damaged.slice(at);
          let before: string;
          try {
            before = JSON.stringify(htmlparser2Reader.parseTmxText(damaged));
          } catch {
            expect(() => parseTmxText(damaged), damaged.slice(Math.max(0, at - 40), at + 40)).toThrow();
            continue;
          }
          let after: string | null = null;
          try {
            after = JSON.stringify(parseTmxText(damaged));
          } catch {
            // Stricter than the old reader (see the checks below); never the other way round.
          }
          if (after !== null) {
            bothAccepted += 1;
            expect(after).toBe(before);
          }
        }
      }
      expect(bothAccepted).toBeGreaterThan(50);
    },
    SLOW,
  );
});

const tmx = (body: string, header = '<header srclang="en"/>') =>
  `<?xml version="1.0"?><tmx version="1.4">${header}<body>${body}</body></tmx>`;
const seg = (content: string, tu = '<tu>', tuv = '<tuv xml:lang="en">') =>
  tmx(`${tu}${tuv}<seg>${content}</seg></tuv></tu>`);

describe('TMX reader: each check refuses what only it refuses', () => {
  it('keeps the old reader’s messages for TMX-level errors', () => {
    const same: [string, Partial<TmxLimits>?][] = [
      [seg('Hi').replace('</seg></tuv></tu></body></tmx>', '')],
      [seg('a').replace('</tuv></tu>', '</tu></tuv>')],
      [seg('a<seg>b</seg>')],
      [seg('a<ept i="1"/>b')],
      [seg('a<bpt i="1"/>b')],
      [seg('a<bpt/>b')],
      [seg('a<sub>b</sub>')],
      [seg('a<ph>x<bpt i="1"/></ph>')],
      [seg('a', '<tu>', '<tuv>')],
      [tmx('<tu><tuv xml:lang="en"></tuv></tu>')],
      [tmx('<tu><tuv xml:lang="en"><seg>a</seg><seg>b</seg></tuv></tu>')],
      [tmx('<tuv xml:lang="en"><seg>a</seg></tuv>')],
      [tmx('<tu><foo/></tu>')],
      ['<html><body>Hello</body></html>'],
      ['<!DOCTYPE tmx [<!ENTITY a "b">]>' + seg('&a;')],
      ['<!ELEMENT tmx ANY>' + seg('a')],
      ['<?xml-stylesheet href="a"?>' + seg('a')],
      [seg('a<?pi x?>')],
      [seg('<hi><hi><hi>a</hi></hi></hi>'), { maxDepth: 7 }],
      [seg('a'.repeat(30)), { maxSegmentLength: 20 }],
      [
        tmx('<tu><prop type="a">' + 'b'.repeat(30) + '</prop><tuv xml:lang="en"><seg>a</seg></tuv></tu>'),
        { maxSegmentLength: 20 },
      ],
      [
        tmx('<tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="hi"><seg>b</seg></tuv></tu>'),
        { maxVariantsPerUnit: 1 },
      ],
    ];
    for (const [text, limits] of same) {
      let before = '';
      try {
        htmlparser2Reader.parseTmxText(text, limits);
      } catch (error) {
        before = (error as Error).message;
      }
      expect(before, text).not.toBe('');
      expect(() => parseTmxText(text, limits), text).toThrow(before);
    }
  });

  it('refuses XML that is not well-formed, which the old reader let through', () => {
    const refused: [string, RegExp, Partial<TmxLimits>?][] = [
      [seg('a</b>c'), /<\/b> has no matching <b>/],
      [seg('a', '<tu a="<">'), /A "<" is not allowed in an attribute value/],
      [seg('a', '<tu a=b>'), /The value of a in <tu> must be in quotes/],
      [seg('a', '<tu a>'), /The attribute a of <tu> has no value/],
      [seg('a', '<tu a="1" a="2">'), /<tu> has two a attributes/],
      [seg('a', '<tu a="1"b="2">'), /<tu> is not a well-formed tag/],
      [seg('a\u0001b'), /The character U\+0001 is not allowed in XML/],
      [seg('a\uFFFEb'), /The character U\+FFFE is not allowed in XML/],
      [seg('a\uD800b'), /The character U\+D800 is not allowed in XML/],
      [seg('a&#0;b'), /&#0; refers to a character XML does not allow/],
      [seg('a&#xD800;b'), /&#xD800; refers to a character XML does not allow/],
      [seg('a&#x110000;b'), /&#x110000; refers to a character XML does not allow/],
      [seg('a&b;c'), /&b; is not one of XML's predefined entities/],
      [seg('a & b'), /A "&" must start a reference/],
      [seg('a &amp b'), /A "&" must start a reference/],
      [seg('a < b'), /A "<" in text must be written &lt;/],
      [seg('a').replace('</seg>', '</seg x>'), /<\/seg> is not a well-formed end tag/],
      [seg('a<!-- b -- c -->'), /A comment holds "--"/],
      ['<![CDATA[x]]>' + seg('a'), /A CDATA section is outside the <tmx> element/],
      ['junk' + seg('a'), /This is not a TMX file/],
      [seg('a') + 'junk', /Nothing but comments may follow <\/tmx>/],
      [seg('a') + '<tmx/>', /Nothing but comments may follow <\/tmx>/],
      [seg('a') + '<?xml version="1.0"?>', /Declarations such as <\?xml version="1\.0"\?…> are not accepted/],
      [
        seg('a<ph>' + 'b'.repeat(30) + '</ph>'),
        /An inline code is longer than 20 characters/,
        { maxSegmentLength: 20 },
      ],
      [seg('a') + '<!-- unterminated', /The file ends inside a comment or declaration/],
    ];
    for (const [text, message, limits] of refused) {
      expect(() => htmlparser2Reader.parseTmxText(text, limits), text).not.toThrow();
      expect(() => parseTmxText(text, limits), text).toThrow(message);
    }
    // Refused by both, with the mismatch named where it is (names are case-sensitive in XML).
    const mixedCase = seg('a').replace('<seg>', '<SEG>');
    expect(() => htmlparser2Reader.parseTmxText(mixedCase)).toThrow(/<seg> is not closed where it should be/);
    expect(() => parseTmxText(mixedCase)).toThrow(/<\/seg> has no matching <seg>/);
  });

  it('reads what XML allows around those checks', () => {
    const units = (text: string) =>
      parseTmxText(text).flatMap((event) => (event.type === 'unit' ? [event.unit] : []));
    const [unit] = units(
      '<?xml version="1.0"?>\n<!DOCTYPE tmx SYSTEM "tmx14.dtd">\n<!-- c -->\n' +
        seg(
          'a<![CDATA[<b>&amp;]]>c<!-- x -->&#x1F600;&#128512;\'"',
          "<tu\n  tuid = '5' a='x\"y' b=\"&lt;&#65;\" c='>'>",
          '<tuv lang="fr">',
        ).replace('</seg>', '</seg  >') +
        '\n<!-- after -->\n',
    );
    expect(unit!.attributes).toEqual({ tuid: '5', a: 'x"y', b: '<A', c: '>' });
    expect(unit!.variants[0]!.lang).toBe('fr');
    expect(unit!.variants[0]!.segment.text).toBe('a<b>&amp;c😀😀\'"');
  });

  it('refuses a tag or comment longer than the limit, however the file is cut', () => {
    const parser = new TmxPushParser({ maxTokenLength: 100 });
    parser.write('<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><!--');
    expect(() => {
      for (let i = 0; i < 20; i += 1) parser.write('0123456789');
    }).toThrow(/A tag or comment is longer than 100 characters/);
    const tag = new TmxPushParser({ maxTokenLength: 100 });
    tag.write('<tmx version="1.4"><header srclang="en" x="');
    expect(() => {
      for (let i = 0; i < 20; i += 1) tag.write('>>>>>>>>>>');
    }).toThrow(/A tag or comment is longer than 100 characters/);
  });
});
