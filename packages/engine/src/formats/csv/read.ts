/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF or LF, a field with a
 * comma, quote or line break enclosed in double quotes, a quote inside doubled. Both directions
 * are bounded and never evaluate anything.
 */

/** Why a text is not a CSV table. */
export class CsvFormatError extends Error {
  override readonly name = 'CsvFormatError';
}

export interface ParseCsvOptions {
  /** Records allowed, header included; more is a format error. */
  maxRecords: number;
  /** Characters allowed in one field. */
  maxFieldLength: number;
}

/** Splits CSV text into records of fields; a byte-order mark is dropped, blank lines are skipped. */
export function parseCsv(input: string, options: ParseCsvOptions): string[][] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;

  const endField = (): void => {
    if (field.length > options.maxFieldLength)
      throw new CsvFormatError(`a field is longer than ${options.maxFieldLength} characters`);
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = (): void => {
    endField();
    // RFC 4180 has no blank records; a line with nothing on it is skipped rather than read as [''].
    if (!(record.length === 1 && record[0] === '')) records.push(record);
    if (records.length > options.maxRecords)
      throw new CsvFormatError(`the file has more than ${options.maxRecords - 1} rows`);
    record = [];
  };

  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else {
        quoted = false;
        const next = text[i + 1];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r')
          throw new CsvFormatError('a quoted field is followed by text before the next comma');
      }
      continue;
    }
    if (char === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (char === '"') {
      throw new CsvFormatError('a quote appears inside an unquoted field');
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvFormatError('a quoted field is not closed');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

/**
 * Undoes the writer's formula guard (`csvField`): a cell written as `'=…` (or `'+`, `'-`, `'@`,
 * tab, CR) reads back as the text it was.
 */
export function unguardCsvCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
