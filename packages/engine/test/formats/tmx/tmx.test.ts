import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTmxText, readTmx } from '../../../src/formats/tmx/read';
import { TmxError, type TmxEvent, type TmxUnit } from '../../../src/formats/tmx/types';
import { writeTmx } from '../../../src/formats/tmx/write';
import { TMX_FIXTURES, tmxFiles } from './fixtures';

/** Feeds the bytes in small pieces, so characters and tags are split across chunks. */
function* chunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function read(source: Iterable<Uint8Array | string>): Promise<TmxEvent[]> {
  const events: TmxEvent[] = [];
  for await (const event of readTmx(source)) events.push(event);
  return events;
}

const unitsOf = (events: TmxEvent[]) =>
  events.flatMap((event) => (event.type === 'unit' ? [event.unit] : []));

/** What a round trip must keep: everything but how the language attribute was spelled. */
function comparable(unit: TmxUnit) {
  return {
    ...unit,
    variants: unit.variants.map((variant) => {
      const attributes: Record<string, string> = { ...variant.attributes };
      delete attributes.lang;
      delete attributes['xml:lang'];
      return { ...variant, attributes };
    }),
  };
}

const valid = tmxFiles().filter((path) => !path.endsWith('invalid.tmx'));

describe('TMX reader and writer', () => {
  it.each(valid.map((path) => [path.slice(TMX_FIXTURES.length), path]))(
    'reads %s in any chunking and writes it back unchanged',
    async (_name, path) => {
      const bytes = readFileSync(path);
      const whole = await read([bytes]);
      const pieces = await read(chunks(bytes, 7));
      expect(pieces).toEqual(whole);
      const header = whole.find((event) => event.type === 'header');
      expect(header).toBeDefined();
      const units = unitsOf(whole);
      expect(units.length).toBeGreaterThan(0);

      let written = '';
      for await (const part of writeTmx(
        header!.type === 'header' ? header!.header : { attributes: {} },
        units,
      )) {
        written += part;
      }
      const again = unitsOf(parseTmxText(written));
      expect(again.map(comparable)).toEqual(units.map(comparable));
    },
  );

  it('maps inline codes to placeholders, pairing bpt/ept and linking languages through x', async () => {
    const units = unitsOf(
      await read([readFileSync(join(TMX_FIXTURES, 'omegat/TMXComplianceKit/ImportTest2A.tmx'))]),
    );
    const [english, french] = units[0]!.variants;
    expect(english!.lang).toBe('en-us');
    expect(english!.segment.text).toBe('The big <x1>black</x1> <x2>cat</x2> sleeps.');
    expect(french!.segment.text).toBe('Le gros <x2>chat</x2> <x1>noir</x1> dors.');
    expect(english!.segment.codes[0]).toEqual({
      id: 1,
      form: 'open',
      kind: 'bpt',
      attributes: { i: '1', x: '1', type: 'bold' },
      content: '<b>',
    });
    const special = units[1]!.variants[0]!.segment.text;
    expect(special).toContain('<x1><</x1>=lt');
    expect(special).toContain('<x3>&</x3>=amp');
    const picture = units[5]!.variants[0]!.segment;
    expect(picture.text).toBe('Picture: <x1/>');
    expect(picture.codes[0]!.content).toBe('<img src="img.png"/>');
  });

  it('reads UTF-16 files and characters outside the Basic Multilingual Plane', async () => {
    const utf16 = unitsOf(
      await read([readFileSync(join(TMX_FIXTURES, 'omegat/TMXComplianceKit/ImportTest1A.tmx'))]),
    );
    expect(utf16.length).toBeGreaterThan(0);
    const smp = unitsOf(await read(chunks(readFileSync(join(TMX_FIXTURES, 'omegat/test-SMP.tmx')), 3)));
    expect(
      smp.some((unit) =>
        unit.variants.some((variant) => /[\u{10000}-\u{10FFFF}]/u.test(variant.segment.text)),
      ),
    ).toBe(true);
  });

  it('rejects the malformed OmegaT file with the reason', async () => {
    await expect(read([readFileSync(join(TMX_FIXTURES, 'omegat/invalid.tmx'))])).rejects.toThrow(
      /Invalid TMX file: <ept i="1"> has no matching <bpt> \(translation unit 1\)/,
    );
  });

  it('refuses entity declarations and never expands anything but the predefined entities', () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>' +
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&b;</seg></tuv></tu></body></tmx>';
    expect(() => parseTmxText(bomb)).toThrow(/DTD declarations inside the file are not accepted/);
    const known = parseTmxText(
      '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&lt;&amp;&gt;&quot;&apos; &#x928;&#2350;</seg></tuv></tu></body></tmx>',
    );
    expect(unitsOf(known)[0]!.variants[0]!.segment.text).toBe('<&>"\' नम');
    // An entity the file would have to declare is an error (XML), never kept or expanded.
    expect(() =>
      parseTmxText(
        '<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>&b; &amp;</seg></tuv></tu></body></tmx>',
      ),
    ).toThrow(/&b; is not one of XML's predefined entities/);
  });

  it('answers clear errors for files cut short, other XML and oversized segments', () => {
    expect(() =>
      parseTmxText('<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Hi'),
    ).toThrow(/The file ends before/);
    expect(() => parseTmxText('<html><body>Hello</body></html>')).toThrow(/not a TMX file/);
    expect(() => parseTmxText('plain text')).toThrow(TmxError);
    expect(() =>
      parseTmxText(
        `<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>${'a'.repeat(50)}</seg></tuv></tu></body></tmx>`,
        { maxSegmentLength: 20 },
      ),
    ).toThrow(/longer than 20 characters/);
  });

  it('writes placeholders that have no recorded code as bare TMX codes', async () => {
    const unit: TmxUnit = {
      attributes: {},
      properties: [{ type: 'x-bhasha-type', value: 'USER' }],
      notes: [],
      variants: [
        {
          lang: 'en',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: 'Click <x1>here</x1><x2/> & go', codes: [] },
        },
        {
          lang: 'hi',
          attributes: {},
          properties: [],
          notes: [],
          segment: { text: '<x1>यहाँ</x1> क्लिक करें<x2/>', codes: [] },
        },
      ],
    };
    let xml = '';
    for await (const part of writeTmx({ attributes: { srclang: 'en' } }, [unit])) xml += part;
    expect(xml).toContain('<seg>Click <bpt i="1" x="1"/>here<ept i="1"/><ph x="2"/> &amp; go</seg>');
    const [again] = unitsOf(parseTmxText(xml));
    expect(again!.variants.map((variant) => variant.segment.text)).toEqual([
      'Click <x1>here</x1><x2/> & go',
      '<x1>यहाँ</x1> क्लिक करें<x2/>',
    ]);
  });
});
