import { describe, expect, it } from 'vitest';
import { buildReplacer } from '../../src/modules/translation/text-replace';

describe('find and replace in a target text', () => {
  it('replaces literally, ignoring case unless asked', () => {
    expect(buildReplacer('a.b', 'X', { matchCase: false, wholeWord: false })('A.B and axb')).toBe(
      'X and axb',
    );
    expect(buildReplacer('Meet', 'मीट', { matchCase: true, wholeWord: false })('meet Meet')).toBe('meet मीट');
  });

  it('keeps $ patterns of the replacement literal', () => {
    expect(buildReplacer('x', '$&$1$$', { matchCase: true, wholeWord: false })('x')).toBe('$&$1$$');
  });

  it('matches whole words only, Indic vowel signs included', () => {
    const replace = buildReplacer('कम', 'ज़्यादा', { matchCase: true, wholeWord: true });
    expect(replace('कम काम कमरा')).toBe('ज़्यादा काम कमरा');
    expect(replace('कमी')).toBeNull();
  });

  it('answers null when nothing matches or a placeholder would change', () => {
    expect(buildReplacer('zz', 'y', { matchCase: false, wholeWord: false })('abc')).toBeNull();
    expect(buildReplacer('x1', 'x2', { matchCase: false, wholeWord: false })('<x1>link</x1>')).toBeNull();
    expect(buildReplacer('link', 'कड़ी', { matchCase: false, wholeWord: false })('<x1>link</x1>')).toBe(
      '<x1>कड़ी</x1>',
    );
  });
});
