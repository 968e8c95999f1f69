import {
  SUGGESTION_UPLOAD_ACTIONS,
  TRANSLATION_MESSAGES,
  type SUGGESTION_CSV_COLUMNS,
} from '@bhasha/contract';
import { CsvFormatError, parseCsv, unguardCsvCell } from '@bhasha/engine';

/** Rows one upload may hold. */
export const SUGGESTION_UPLOAD_MAX_ROWS = 20_000;
const MAX_FIELD = 25_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SuggestionCsvRow {
  /** Line in the file (the header is line 1). */
  line: number;
  suggestionId: string;
  /** accept, reject, or null for no action. */
  action: (typeof SUGGESTION_UPLOAD_ACTIONS)[number] | null;
  /** The suggestion cell as edited (empty: keep the suggestion as proposed). */
  suggestion: string;
}

/** Reads suggestionReport.csv back: columns by name (any order), suggestionId and action required. */
export function readSuggestionCsv(text: string): { rows: SuggestionCsvRow[] } | { problem: string } {
  let records: string[][];
  try {
    records = parseCsv(text, { maxRecords: SUGGESTION_UPLOAD_MAX_ROWS + 1, maxFieldLength: MAX_FIELD });
  } catch (error) {
    if (error instanceof CsvFormatError) return { problem: `The file is not CSV: ${error.message}` };
    throw error;
  }
  const [header, ...body] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: (typeof SUGGESTION_CSV_COLUMNS)[number]) => columns.indexOf(name.toLowerCase());
  if (at('suggestionId') < 0 || at('action') < 0)
    return { problem: TRANSLATION_MESSAGES.uploadColumnsMissing };
  const rows: SuggestionCsvRow[] = [];
  body.forEach((record, index) => {
    const cell = (name: (typeof SUGGESTION_CSV_COLUMNS)[number]) => {
      const position = at(name);
      return position < 0 ? '' : unguardCsvCell(record[position] ?? '');
    };
    const action = cell('action').trim().toLowerCase();
    const suggestionId = cell('suggestionId').trim();
    rows.push({
      line: index + 2,
      suggestionId: UUID.test(suggestionId) ? suggestionId : '',
      action: (SUGGESTION_UPLOAD_ACTIONS as readonly string[]).includes(action)
        ? (action as SuggestionCsvRow['action'])
        : null,
      suggestion: cell('suggestion'),
    });
  });
  return { rows };
}
