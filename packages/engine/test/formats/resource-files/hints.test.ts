import { describe, expect, it } from 'vitest';
import { maxLengthOfAttributes, maxLengthOfComment } from '../../../src/formats/resource-files/hints';

describe('length limits developers write', () => {
  it.each([
    ['maxLength=20', 20],
    ['Button label. max length: 15', 15],
    ['max_length = 9', 9],
    ['Shown in the tab bar, max 12 chars', 12],
    ['Maximum 30 characters', 30],
    ['max. 8 chars', 8],
  ])('reads %j as %i', (comment, limit) => {
    expect(maxLengthOfComment(comment)).toBe(limit);
  });

  it.each(['Keep it short', 'Shows 20 items at most', 'max width 200dp', undefined])(
    'sees no limit in %j',
    (comment) => {
      expect(maxLengthOfComment(comment)).toBeUndefined();
    },
  );

  it('reads an attribute that ends in maxLength, whatever its namespace', () => {
    expect(maxLengthOfAttributes({ name: 'tab', 'tools:maxLength': '8' })).toBe(8);
    expect(maxLengthOfAttributes({ name: 'tab', max_length: '5' })).toBe(5);
    expect(maxLengthOfAttributes({ name: 'tab', 'tools:maxLength': 'short' })).toBeUndefined();
    expect(maxLengthOfAttributes({ name: 'tab', maxLines: '2' })).toBeUndefined();
  });
});
