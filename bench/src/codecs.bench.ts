import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import {
  parseAndroidResources,
  parseStrings,
  parseStringsdict,
  parseXcstrings,
  readJsonI18n,
  writeAndroidResources,
  writeJsonI18n,
  writeStrings,
  writeStringsdict,
  writeXcstrings,
} from '@bhasha/engine';
import { report } from './measure';

const TARGET = 0.5;
const RUNS = Number(process.env.BENCH_CODEC_RUNS ?? 21);
const WARM_UPS = 5;
const FIXTURES = fileURLToPath(new URL('../../packages/engine/test/formats/', import.meta.url));

/** Median milliseconds of `RUNS` calls after a few warm-up calls (the median shrugs off a neighbour's burst). */
function medianMs(fn: () => unknown): number {
  for (let i = 0; i < WARM_UPS; i += 1) fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? NaN;
}

/** A parse-only pass of htmlparser2 in XML mode with one handler per token, the way a reader listens. */
function parseXmlOnly(text: string): number {
  let events = 0;
  const parser = new Parser(
    {
      onopentag: () => (events += 1),
      ontext: () => (events += 1),
      onclosetag: () => (events += 1),
    },
    { xmlMode: true },
  );
  parser.end(text);
  return events;
}

interface CodecCase {
  readonly name: string;
  readonly path: string;
  readonly reference: string;
  /** Parse-only pass of the reference parser over the file's text. */
  readonly parseOnly: (text: string, bytes: Uint8Array) => unknown;
  /** Codec parse + write with no translations (which gives the file back byte for byte). */
  readonly roundTrip: (text: string, bytes: Uint8Array) => unknown;
}

const EMPTY = new Map<string, string>();

const CASES: readonly CodecCase[] = [
  {
    name: 'Android strings.xml',
    path: 'android/fixtures/NewPipe/res/values-ta/strings.xml',
    reference: 'htmlparser2 xmlMode parse',
    parseOnly: (text) => parseXmlOnly(text),
    roundTrip: (text) => writeAndroidResources(parseAndroidResources(text), {}, { language: 'ta' }),
  },
  {
    name: 'iOS .strings',
    path: 'ios/fixtures/ElementX/ur.lproj/Localizable.strings',
    // No parser of old-style plist text ships with Node; the same pairs as a JSON object through
    // JSON.parse is the fastest parse-only pass over the same characters with the same escapes.
    reference: 'JSON.parse of the same pairs',
    parseOnly: (_text, bytes) => JSON.parse(stringsAsJson(bytes)) as unknown,
    roundTrip: (_text, bytes) => writeStrings(parseStrings(bytes, 'Localizable.strings'), EMPTY),
  },
  {
    name: 'iOS .stringsdict',
    path: 'ios/fixtures/ElementX/ur.lproj/Localizable.stringsdict',
    reference: 'htmlparser2 xmlMode parse',
    parseOnly: (text) => parseXmlOnly(text),
    roundTrip: (_text, bytes) =>
      writeStringsdict(parseStringsdict(bytes, 'Localizable.stringsdict'), EMPTY, 'ur'),
  },
  {
    name: 'iOS .xcstrings',
    path: 'ios/fixtures/IceCubes/Localizable.xcstrings',
    reference: 'JSON.parse',
    parseOnly: (text) => JSON.parse(text) as unknown,
    roundTrip: (_text, bytes) => writeXcstrings(parseXcstrings(bytes, 'Localizable.xcstrings'), EMPTY, 'en'),
  },
  {
    name: 'JSON i18n',
    path: 'json-i18n/fixtures/jellyfin-web/ta.json',
    reference: 'JSON.parse',
    parseOnly: (text) => JSON.parse(text) as unknown,
    roundTrip: (text) => {
      readJsonI18n(text);
      return writeJsonI18n(text, EMPTY, { language: 'ta' });
    },
  },
];

const jsonOfStrings = new WeakMap<Uint8Array, string>();

/** The .strings file's pairs as one JSON object (built once, outside the timing). */
function stringsAsJson(bytes: Uint8Array): string {
  let json = jsonOfStrings.get(bytes);
  if (json === undefined) {
    const file = parseStrings(bytes, 'Localizable.strings');
    json = JSON.stringify(Object.fromEntries(file.entries.map((entry) => [entry.key, entry.value])));
    jsonOfStrings.set(bytes, json);
  }
  return json;
}

/**
 * Each codec's round trip (parse + write, no translations) of the largest fixture of its format,
 * against a parse-only pass of the XML or JSON parser it is compared with, in this same run:
 * ratio = reference time / codec time, target ≥ 0.5×.
 */
export function benchCodecs(): void {
  for (const codec of CASES) {
    const bytes = new Uint8Array(readFileSync(FIXTURES + codec.path));
    const text = new TextDecoder().decode(bytes);
    codec.parseOnly(text, bytes); // builds any derived reference input before timing
    const referenceMs = medianMs(() => codec.parseOnly(text, bytes));
    const codecMs = medianMs(() => codec.roundTrip(text, bytes));
    const ratio = referenceMs / codecMs;
    report(
      `codec ${codec.name}`,
      ratio,
      `≥ ${TARGET}× ${codec.reference}`,
      ratio >= TARGET,
      `${(bytes.length / 1000).toFixed(0)} kB: round trip ${codecMs.toFixed(2)} ms vs ${codec.reference} ${referenceMs.toFixed(2)} ms (median of ${RUNS})`,
    );
  }
}
