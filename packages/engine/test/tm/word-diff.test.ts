import { describe, expect, it } from 'vitest';
import { diffWords, type DiffSpan } from '../../src/tm/word-diff';

const side = (spans: DiffSpan[], skip: DiffSpan['op']) =>
  spans
    .filter((span) => span.op !== skip)
    .map((span) => span.text)
    .join('');

describe('diffWords', () => {
  it('marks a replaced word as a deletion followed by an insertion', () => {
    expect(diffWords('Reset your password now', 'Reset your PIN now')).toEqual([
      { op: 'equal', text: 'Reset your ' },
      { op: 'delete', text: 'password' },
      { op: 'insert', text: 'PIN' },
      { op: 'equal', text: ' now' },
    ]);
  });

  it('handles inserted and removed words, punctuation and Indic text', () => {
    const spans = diffWords('भुगतान सफल रहा।', 'आपका भुगतान सफल नहीं रहा।');
    expect(spans).toEqual([
      { op: 'insert', text: 'आपका ' },
      { op: 'equal', text: 'भुगतान सफल' },
      { op: 'insert', text: ' नहीं' },
      { op: 'equal', text: ' रहा।' },
    ]);
  });

  it('always rebuilds both texts from its spans', () => {
    const pairs: [string, string][] = [
      ['', 'new text'],
      ['old text', ''],
      ['a b c d e', 'e d c b a'],
      ['Free delivery on orders over ₹499!', 'Free delivery on all orders over ₹999.'],
    ];
    for (const [from, to] of pairs) {
      const spans = diffWords(from, to);
      expect(side(spans, 'insert')).toBe(from);
      expect(side(spans, 'delete')).toBe(to);
    }
  });
});
