import { describe, expect, it } from 'vitest';
import {
  getWebsiteHost,
  isValidPhoneNumber,
  isValidRegistrationEmail,
  isValidWebsiteUrl,
  normalisePhoneNumber,
  normaliseWebsiteUrl,
} from '../src';

// The field rules of spec §5, shared by the dashboard's forms and the server's schemas.

describe('free-trial e-mail (spec §5)', () => {
  it.each(['asha@example.com', 'asha.verma+trial@mail.in', 'a_b@ab.co'])('accepts %s', (email) =>
    expect(isValidRegistrationEmail(email)).toBe(true),
  );
  it.each([
    ['fails the e-mail check', 'not-an-email'],
    ['has one domain part', 'asha@example'],
    ['has more than two domain parts', 'asha@mail.example.com'],
    ['has a part shorter than 2', 'asha@example.c'],
    ['has two consecutive dots', 'asha@ex..com'],
    ['has a one-character first domain part', 'asha@e.com'],
    ['has two consecutive dots in the local part', 'as..ha@example.com'],
  ])('rejects an address that %s', (_reason, email) => expect(isValidRegistrationEmail(email)).toBe(false));
});

describe('website URL (spec §5)', () => {
  it('prefixes www. with https:// and leaves other values as typed (trimmed)', () => {
    expect(normaliseWebsiteUrl(' www.example.com ')).toBe('https://www.example.com');
    expect(normaliseWebsiteUrl('http://example.com')).toBe('http://example.com');
    expect(normaliseWebsiteUrl(undefined)).toBe('');
  });
  it.each(['https://www.example.com', 'http://shop.example.in/path?q=1'])('accepts %s', (url) =>
    expect(isValidWebsiteUrl(url)).toBe(true),
  );
  it.each([
    'not a website',
    'ftp://example.com',
    'https://localhost',
    'https://user:pw@example.com',
    'javascript:alert(1)',
  ])('rejects %s', (url) => expect(isValidWebsiteUrl(url)).toBe(false));
  it('names one website for its www. and bare forms', () => {
    expect(getWebsiteHost('https://www.Example.com/a')).toBe('example.com');
    expect(getWebsiteHost('www.example.com')).toBe('example.com');
    expect(getWebsiteHost('nonsense')).toBeNull();
  });
});

describe('mobile number (spec §5: optional leading 0, a digit 6-9, then 9 digits)', () => {
  it.each(['9876543210', '6000000000', '09876543210'])('accepts %s', (phone) =>
    expect(isValidPhoneNumber(phone)).toBe(true),
  );
  it.each(['5876543210', '98765', '98765432ab', '+919876543210', '009876543210'])('rejects %s', (phone) =>
    expect(isValidPhoneNumber(phone)).toBe(false),
  );
  it('keeps the 10-digit national number', () => {
    expect(normalisePhoneNumber('09876543210')).toBe('9876543210');
    expect(normalisePhoneNumber(' 9876543210 ')).toBe('9876543210');
  });
});
