/**
 * Transliterates one word per line of standard input and prints, per line, the ranked candidates
 * separated by tabs (an empty line for an empty input line).
 *
 * Usage: npm run --silent translit -- --to hi [--from en] [--count 5] < words.txt
 *   --to     target language (spec §9 code)
 *   --from   'en' for English words and names, or a language code for text in its own script;
 *            omitted: romanised input typed by a speaker of the target language
 */
import { createInterface } from 'node:readline';
import { transliterate, transliterateText } from '../src/translit/transliterate';
import { TRANSLIT_LANGUAGE_CODES } from '../src/translit/languages';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const to = argument('to');
const from = argument('from');
const count = Number(argument('count') ?? 5);
if (!to || !TRANSLIT_LANGUAGE_CODES.includes(to === 'or' ? 'od' : to)) {
  console.error(
    `Usage: translit --to <${TRANSLIT_LANGUAGE_CODES.join('|')}> [--from en|<lang>] [--count N] < words`,
  );
  process.exit(2);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const output: string[] = [];
for await (const line of lines) {
  // A line with several words gets its best reading word by word.
  const isPhrase = /\s/u.test(line.trim());
  output.push(
    isPhrase
      ? transliterateText(line.trim(), { to, from })
      : transliterate(line, { to, from, count }).join('\t'),
  );
  if (output.length >= 256) process.stdout.write(`${output.splice(0).join('\n')}\n`);
}
if (output.length > 0) process.stdout.write(`${output.join('\n')}\n`);
