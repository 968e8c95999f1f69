/** Product code → DeepL source code (upper case, no regional variants). */
export const DEEPL_SOURCE_CODES: Readonly<Record<string, string>> = {
  'pt-BR': 'PT',
  'zh-CN': 'ZH',
  'zh-TW': 'ZH',
  no: 'NB',
  'ja-JP': 'JA',
  'es-MX': 'ES',
};

/** Product code → DeepL target code (DeepL wants a variant for English, Portuguese and Chinese). */
export const DEEPL_TARGET_CODES: Readonly<Record<string, string>> = {
  pt: 'PT-PT',
  'pt-BR': 'PT-BR',
  'zh-CN': 'ZH-HANS',
  'zh-TW': 'ZH-HANT',
  no: 'NB',
  'ja-JP': 'JA',
  'es-MX': 'ES-419',
};

/** DeepL code (either direction) → the product codes it serves. */
export function fromDeeplCode(
  code: string,
  table: Readonly<Record<string, string>>,
  isProductCode: (value: string) => boolean,
): string[] {
  const upper = code.toUpperCase();
  const mapped = Object.entries(table)
    .filter(([, vendor]) => vendor === upper)
    .map(([product]) => product);
  if (upper === 'EN-US' || upper === 'EN-GB') return mapped.length > 0 ? mapped : ['en'];
  const plain = code.toLowerCase();
  if (isProductCode(plain) && !(plain in table)) mapped.push(plain);
  return mapped;
}
