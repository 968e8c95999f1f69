import { describe, expect, it } from 'vitest';
import { hasWhitespace } from './password';
import { isValidPhoneInput } from './phone-number';

describe('phone number on the form (spec §5: length 10 and the pattern)', () => {
  it.each(['9876543210', '6000000000'])('accepts %s', (phone) => expect(isValidPhoneInput(phone)).toBe(true));
  it.each(['5876543210', '98765', '09876543210', '98765432ab', '+919876543'])('rejects %s', (phone) =>
    expect(isValidPhoneInput(phone)).toBe(false),
  );
});

describe('password whitespace (spec §5)', () => {
  it('finds spaces, tabs and newlines', () => {
    expect(hasWhitespace('a b')).toBe(true);
    expect(hasWhitespace('a\tb')).toBe(true);
    expect(hasWhitespace('Secret#123')).toBe(false);
  });
});
