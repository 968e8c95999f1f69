import { countWords } from '@bhasha/engine';
import { opsPerSecond, report } from './measure';

const TARGET_MB_PER_S = 100;
const LONG_SEGMENT_CHARS = 160_000;
const LONG_SEGMENT_MS = 20;

/** Milliseconds one call takes, best of a few runs (the minimum is the least disturbed by other work). */
function bestMs(fn: () => unknown, runs = 5): number {
  let best = Infinity;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/**
 * Word counting throughput on Latin and Devanagari text, against the simplest possible counter
 * (split on whitespace) measured in the same run; and linearity: one 160,000-character segment
 * against the same text cut into short segments, for a space-separated and an unspaced script.
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
    const met = label === 'Latin' ? ours >= TARGET_MB_PER_S : ours / base >= 0.5;
    report(
      `word count ${label}`,
      ours / base,
      label === 'Latin' ? `≥ ${TARGET_MB_PER_S} MB/s` : '≥ 0.5× whitespace split',
      met,
      `${ours.toFixed(0)} MB/s vs whitespace split ${base.toFixed(0)} MB/s`,
    );
  }

  // The same characters as one long segment and as 100 short ones: linear means the same time.
  // Japanese goes through Intl.Segmenter (a few µs a word even when fed short spans), so only
  // its linearity is a target; the 20 ms bound is for space-separated scripts.
  for (const [label, unit, bounded] of [
    ['Latin', 'Translation memory keeps every sentence once. ', true],
    ['Devanagari', 'नमस्ते दुनिया, आप कैसे हैं? ', true],
    ['Japanese', '今日は良い天気ですね。明日も晴れるでしょう。', false],
  ] as const) {
    const long = unit.repeat(Math.ceil(LONG_SEGMENT_CHARS / unit.length)).slice(0, LONG_SEGMENT_CHARS);
    const shortLength = LONG_SEGMENT_CHARS / 100;
    const shorts = Array.from({ length: 100 }, (_, i) => long.slice(i * shortLength, (i + 1) * shortLength));
    const longMs = bestMs(() => countWords(long));
    const shortMs = bestMs(() => shorts.forEach((s) => countWords(s)));
    const ratio = longMs / shortMs;
    report(
      `word count ${label} 160k-character segment vs 100 × 1.6k`,
      ratio,
      bounded ? `≤ 2× and ≤ ${LONG_SEGMENT_MS} ms` : '≤ 2×',
      ratio <= 2 && (!bounded || longMs <= LONG_SEGMENT_MS),
      `${longMs.toFixed(2)} ms vs ${shortMs.toFixed(2)} ms`,
    );
  }
}
