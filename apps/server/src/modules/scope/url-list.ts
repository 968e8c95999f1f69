import { SCOPE_UPLOAD_MAX_URLS } from '@bhasha/contract';

/**
 * URLs in an uploaded list: one per line (TXT) or in any cell (CSV, RFC 4180 quoting, comma or
 * semicolon separated). Cells that are not web addresses (headers, notes) are ignored.
 */
export function readUrlList(text: string): string[] {
  const urls: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    for (const rawCell of line.split(/[,;\t]/)) {
      const cell = rawCell
        .trim()
        .replace(/^"(.*)"$/s, '$1')
        .replace(/""/g, '"')
        .trim();
      if (/^(https?:\/\/|www\.)/i.test(cell)) urls.push(/^www\./i.test(cell) ? `https://${cell}` : cell);
      if (urls.length >= SCOPE_UPLOAD_MAX_URLS) return urls;
    }
  }
  return urls;
}
