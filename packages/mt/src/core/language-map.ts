import { isLanguageCode, LANGUAGES, LANGUAGE_CODES } from '@bhasha/contract';
import type { MtLanguagePair } from '../mt-provider';

/** Product code → vendor code overrides; codes absent from the map are sent unchanged. */
export type LanguageOverrides = Readonly<Record<string, string>>;

/** Maps product codes to a vendor's and back. */
export interface LanguageMap {
  toVendor(code: string): string | undefined;
  /** Every product code served by a vendor code (`ja` serves `ja` and `ja-JP`). */
  fromVendor(code: string): string[];
}

/** Builds a {@link LanguageMap}; product codes outside the contract table are refused. */
export function createLanguageMap(
  overrides: LanguageOverrides,
  options: { caseInsensitive?: boolean } = {},
): LanguageMap {
  const normalise = (code: string): string => (options.caseInsensitive ? code.toLowerCase() : code);
  const toVendor = (code: string): string | undefined =>
    isLanguageCode(code) ? (overrides[code] ?? code) : undefined;
  const reverse = new Map<string, string[]>();
  for (const product of LANGUAGE_CODES) {
    const vendor = normalise(toVendor(product) ?? product);
    reverse.set(vendor, [...(reverse.get(vendor) ?? []), product]);
  }
  return { toVendor, fromVendor: (code) => reverse.get(normalise(code)) ?? [] };
}

/** Every ordered pair of distinct product codes from two vendor lists (engines that translate any to any). */
export function crossPairs(
  map: LanguageMap,
  sources: readonly string[],
  targets: readonly string[],
): MtLanguagePair[] {
  const pairs = new Map<string, MtLanguagePair>();
  const targetCodes = targets.flatMap((code) => map.fromVendor(code));
  for (const source of sources.flatMap((code) => map.fromVendor(code))) {
    for (const target of targetCodes) {
      if (source !== target) pairs.set(`${source}>${target}`, { source, target });
    }
  }
  return [...pairs.values()];
}

/** English name of a product code for messages ("Hindi"), or the code itself. */
export function languageName(code: string): string {
  return isLanguageCode(code) ? LANGUAGES[code] : code;
}
