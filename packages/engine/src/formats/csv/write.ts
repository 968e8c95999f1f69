/** Writing CSV (RFC 4180) for spreadsheets; reading is read.ts. */

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field for a spreadsheet: a value starting with = + - @ (or tab/CR) gets a leading
 * apostrophe so spreadsheet programs show it instead of running it as a formula (OWASP CSV
 * injection), then it is quoted when RFC 4180 requires.
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document (CRLF line ends, header first). */
export function toCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<unknown>>): string {
  const lines = [header, ...rows].map((row) =>
    row.map((cell) => csvField(cell as string | number | boolean | null | undefined)).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}
