import { countWords } from '@bhasha/engine';
import { opsPerSecond, report } from './measure';

/**
 * Word counting throughput on Latin and Devanagari text, against the simplest possible counter
 * (split on whitespace) measured in the same run, and linearity: a 10× longer segment must take
 * no more than about 10× as long.
 */
export function benchWordCount(): void {
  const latin = 'The quick brown fox jumps over the lazy dog, again and again. '.repeat(16_000); // ~1 MB
  const hindi = 'भारत एक विशाल देश है जहाँ अनेक भाषाएँ बोली जाती हैं। '.repeat(8_000);
  const reference = (text: string) => text.split(/\s+/).filter(Boolean).length;

  for (const [label, text] of [
    ['Latin', latin],
    ['Devanagari', hindi],
  ] as const) {
    const megabytes = Buffer.byteLength(text) / 1e6;
    const ours = opsPerSecond(() => countWords(text)) * megabytes;
    const base = opsPerSecond(() => reference(text)) * megabytes;
    report(
      `word count ${label}`,
      ours / base,
      '≥ 0.5× whitespace split',
      ours / base >= 0.5,
      `${ours.toFixed(0)} MB/s vs ${base.toFixed(0)} MB/s`,
    );
  }

  const short = 'नमस्ते दुनिया '.repeat(1_200);
  const long = short.repeat(10);
  const perShort = 1 / opsPerSecond(() => countWords(short), 500);
  const perLong = 1 / opsPerSecond(() => countWords(long), 500);
  const growth = perLong / perShort;
  report(
    'word count linearity (10× length)',
    growth / 10,
    '≤ 1.5× of linear',
    growth / 10 <= 1.5,
    `${(perLong * 1000).toFixed(2)} ms for ${long.length} characters`,
  );
}
