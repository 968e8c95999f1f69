/**
 * Texts an array parameter must carry exactly, whatever its encoding (quoted literal or binary):
 * quotes, backslashes, braces and commas, a NULL look-alike, empty and padded texts, Devanagari
 * with placeholders, astral characters and an apostrophe.
 */
export const AWKWARD_TEXTS: readonly string[] = [
  'with "quotes" and \\ backslashes \\\\',
  '{braces}, commas, and ; semicolons',
  'NULL',
  '',
  '  leading and trailing spaces  ',
  'हिन्दी पाठ <x1>बोल्ड</x1>',
  'emoji 😀 and 𝄞 (surrogate pairs)',
  "it's",
];
