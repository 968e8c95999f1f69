import {
  GLOSSARY_ACTION_VALUES,
  GLOSSARY_CSV_COLUMNS,
  MAX_TERM_LENGTH,
  TERM_UPLOAD_MAX_ROWS,
  isLanguageCode,
  type GlossaryAction,
} from '@bhasha/contract';
import type { GlossaryTermInput, GlossaryTermRow } from './glossary.repository';
import { CsvFormatError, parseCsv, toCsv } from '@bhasha/engine';

/** The problems that make an upload unusable, each naming its row (the header is row 1). */
export type CsvProblems = string[];

const TRUE_VALUES = new Set(['true', 'yes', '1', 'y']);
const FALSE_VALUES = new Set(['false', 'no', '0', 'n', '']);

/**
 * Reads a mask-terms CSV: a header naming at least `term` (order free, case-insensitive), then one
 * term per row. `action` defaults to translate when a translation is given, else keep;
 * `targetLang` defaults to '*' (every language). Any bad row refuses the whole file.
 */
export function readGlossaryCsv(text: string): { terms: GlossaryTermInput[] } | { problems: CsvProblems } {
  let records: string[][];
  try {
    records = parseCsv(text, { maxRecords: TERM_UPLOAD_MAX_ROWS + 1, maxFieldLength: MAX_TERM_LENGTH * 5 });
  } catch (error) {
    if (error instanceof CsvFormatError) return { problems: [`The file is not CSV: ${error.message}`] };
    throw error;
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: (typeof GLOSSARY_CSV_COLUMNS)[number]) => columns.indexOf(name.toLowerCase());
  if (at('term') < 0)
    return { problems: [`The first row must name the columns: ${GLOSSARY_CSV_COLUMNS.join(', ')}`] };
  const unknown = columns.filter((name) => !GLOSSARY_CSV_COLUMNS.some((c) => c.toLowerCase() === name));
  if (unknown.length > 0) return { problems: [`Unknown columns: ${unknown.join(', ')}`] };
  if (rows.length === 0) return { problems: ['The file has no terms'] };

  const problems: CsvProblems = [];
  const terms: GlossaryTermInput[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (name: (typeof GLOSSARY_CSV_COLUMNS)[number]) => {
      const position = at(name);
      return position < 0 ? '' : (row[position] ?? '').trim();
    };
    const term = cell('term');
    const translation = cell('translation');
    const action = (cell('action').toLowerCase() || (translation ? 'translate' : 'keep')) as GlossaryAction;
    const targetLang = cell('targetLang') || '*';
    const caseText = cell('caseSensitive').toLowerCase();
    if (!term) problems.push(`Row ${line}: the term is empty`);
    else if (term.length > MAX_TERM_LENGTH)
      problems.push(`Row ${line}: the term is longer than ${MAX_TERM_LENGTH} characters`);
    if (!GLOSSARY_ACTION_VALUES.includes(action))
      problems.push(`Row ${line}: action must be ${GLOSSARY_ACTION_VALUES.join(', ')}`);
    if (action === 'translate' && !translation)
      problems.push(`Row ${line}: a translated term needs its translation`);
    if (translation.length > MAX_TERM_LENGTH)
      problems.push(`Row ${line}: the translation is longer than ${MAX_TERM_LENGTH} characters`);
    if (targetLang !== '*' && !isLanguageCode(targetLang))
      problems.push(`Row ${line}: ${targetLang} is not a language code`);
    if (!TRUE_VALUES.has(caseText) && !FALSE_VALUES.has(caseText))
      problems.push(`Row ${line}: caseSensitive must be true or false`);
    const key = `${targetLang}\u0000${term}`;
    if (seen.has(key)) problems.push(`Row ${line}: the term ${term} is listed twice for ${targetLang}`);
    seen.add(key);
    terms.push({
      term,
      action,
      translation: action === 'keep' ? null : translation || null,
      targetLang,
      caseSensitive: TRUE_VALUES.has(caseText),
    });
  });
  return problems.length > 0 ? { problems: problems.slice(0, 20) } : { terms };
}

/** The maskTermsList download: the same columns the upload reads, so it can be edited and sent back. */
export function writeGlossaryCsv(rows: readonly GlossaryTermRow[]): string {
  return toCsv(
    GLOSSARY_CSV_COLUMNS,
    rows.map((row) => [row.term, row.action, row.translation ?? '', row.targetLang, row.caseSensitive]),
  );
}
