import { describe, expect, it } from 'vitest';
import { splitChange } from './highlight-diff';

describe('splitChange', () => {
  it('marks whole words, never half a letter of an Indic script', () => {
    expect(splitChange('ऑनलाइन आवेदन करें', 'ऑनलाइन आवेदन दें')).toEqual({
      prefix: 'ऑनलाइन आवेदन ',
      removed: 'करें',
      added: 'दें',
      suffix: '',
    });
  });

  it('keeps the shared ends around a change in the middle', () => {
    expect(splitChange('the old house here', 'the new house here')).toEqual({
      prefix: 'the ',
      removed: 'old',
      added: 'new',
      suffix: ' house here',
    });
  });

  it('handles insertions, deletions and no change', () => {
    expect(splitChange('a b', 'a x b')).toEqual({ prefix: 'a ', removed: '', added: 'x ', suffix: 'b' });
    expect(splitChange('a x b', 'a b')).toEqual({ prefix: 'a ', removed: 'x ', added: '', suffix: 'b' });
    expect(splitChange('same', 'same')).toEqual({ prefix: 'same', removed: '', added: '', suffix: '' });
  });
});
