import { MANUAL_TRANSLATION_MESSAGES } from '@bhasha/contract';
import { AppError } from '../../lib/app-error';
import { CsvFormatError, parseCsv } from '@bhasha/engine';

/** One translated string of a batch file, with its line for messages. */
export interface BatchRow {
  line: number;
  sourceHash: string;
  targetLang: string;
  target: string;
}

const REQUIRED_COLUMNS = ['sourceHash', 'targetLang', 'target'] as const;
/** Longest translation accepted in one cell (a paragraph of a web page fits many times over). */
const MAX_CELL = 20_000;

/**
 * Reads a translated batch file: CSV (RFC 4180) with a header naming at least sourceHash,
 * targetLang and target, in any order (other columns, such as the source text, are ignored).
 * `maxRows` bounds the file by the request's size, so a file cannot be much larger than its order.
 */
export function readBatchFile(text: string, maxRows: number): BatchRow[] {
  let records: string[][];
  try {
    records = parseCsv(text, { maxRecords: maxRows + 1, maxFieldLength: MAX_CELL });
  } catch (error) {
    if (error instanceof CsvFormatError) throw AppError.validation([error.message]);
    throw error;
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim());
  const index = REQUIRED_COLUMNS.map((name) => columns.indexOf(name));
  if (index.some((i) => i < 0)) throw AppError.validation([MANUAL_TRANSLATION_MESSAGES.uploadHeader]);
  const [hashAt, langAt, targetAt] = index as [number, number, number];
  return rows.map((record, i) => ({
    line: i + 2,
    sourceHash: (record[hashAt] ?? '').trim(),
    targetLang: (record[langAt] ?? '').trim(),
    target: record[targetAt] ?? '',
  }));
}
