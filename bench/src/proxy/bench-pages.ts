import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Parser } from 'htmlparser2';
import { collapseHtmlWhitespace, extractSegments } from '@bhasha/engine';

/** The real pages of the htmlparser-benchmark package (its `files` folder). */
export function benchPagesDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('htmlparser-benchmark/package.json')), 'files');
}

/** Page file names, sorted; BENCH_PROXY_PAGES limits how many (default all). */
export function benchPageNames(): string[] {
  const names = readdirSync(benchPagesDir())
    .filter((name) => name.endsWith('.html'))
    .sort();
  const limit = Number(process.env.BENCH_PROXY_PAGES ?? names.length);
  return names.slice(0, limit);
}

/** The Hindi "translation" of a text: marked so the bench can see it, placeholders kept. */
export const translateText = (text: string) => `अनु ${text}`;

/**
 * The translation memory of the benchmark: every segment of every page (text, title, alt and the
 * other attributes, meta) by source hash, as Bhasha stores it; and for the naive proxy every text
 * node, title and alt by its collapsed text.
 */
export function buildBenchTm(names: readonly string[]) {
  const bySourceHash = new Map<string, string>();
  const byText = new Map<string, string>();
  for (const name of names) {
    const html = readFileSync(join(benchPagesDir(), name), 'utf8');
    for (const segment of extractSegments(html))
      bySourceHash.set(segment.sourceHash, translateText(segment.text));
    let skip = 0;
    const parser = new Parser(
      {
        onopentag: (tag, attributes) => {
          if (tag === 'script' || tag === 'style') skip += 1;
          for (const attribute of ['alt', 'title'] as const) {
            const value = attributes[attribute];
            if (value)
              byText.set(collapseHtmlWhitespace(value), translateText(collapseHtmlWhitespace(value)));
          }
        },
        onclosetag: (tag) => {
          if (tag === 'script' || tag === 'style') skip = Math.max(0, skip - 1);
        },
        ontext: (text) => {
          const key = collapseHtmlWhitespace(text);
          if (skip === 0 && key !== '') byText.set(key, translateText(key));
        },
      },
      { decodeEntities: true },
    );
    parser.end(html);
  }
  return { bySourceHash, byText };
}
