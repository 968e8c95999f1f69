import {
  MAX_TERM_LENGTH,
  TERM_UPLOAD_MAX_ROWS,
  TRANSLITERATION_CSV_COLUMNS,
  isLanguageCode,
} from '@bhasha/contract';
import type { TransliterationPairInput } from './transliteration-pairs.repository';
import { CsvFormatError, parseCsv } from '@bhasha/engine';

/**
 * Reads a custom transliteration CSV: a header with `source` and `target` (and `targetLang`
 * unless the upload names one language for the whole file), one pair per row. Any bad row
 * refuses the whole file.
 */
export function readTransliterationCsv(
  text: string,
  fileLanguage: string | undefined,
): { pairs: TransliterationPairInput[] } | { problems: string[] } {
  let records: string[][];
  try {
    records = parseCsv(text, { maxRecords: TERM_UPLOAD_MAX_ROWS + 1, maxFieldLength: MAX_TERM_LENGTH * 5 });
  } catch (error) {
    if (error instanceof CsvFormatError) return { problems: [`The file is not CSV: ${error.message}`] };
    throw error;
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const at = (name: string) => columns.indexOf(name.toLowerCase());
  if (at('source') < 0 || at('target') < 0)
    return { problems: [`The first row must name the columns: ${TRANSLITERATION_CSV_COLUMNS.join(', ')}`] };
  if (at('targetLang') < 0 && !fileLanguage)
    return { problems: ['Name the language in a targetLang column or the targetLang field'] };
  if (rows.length === 0) return { problems: ['The file has no pairs'] };

  const problems: string[] = [];
  const pairs: TransliterationPairInput[] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (name: string) => (at(name) < 0 ? '' : (row[at(name)] ?? '').trim());
    const source = cell('source');
    const target = cell('target');
    const targetLang = cell('targetLang') || fileLanguage || '';
    if (!source || !target) problems.push(`Row ${line}: source and target are both needed`);
    if (source.length > MAX_TERM_LENGTH || target.length > MAX_TERM_LENGTH)
      problems.push(`Row ${line}: longer than ${MAX_TERM_LENGTH} characters`);
    if (!isLanguageCode(targetLang))
      problems.push(`Row ${line}: ${targetLang || '(empty)'} is not a language code`);
    pairs.push({ source, target, targetLang });
  });
  return problems.length > 0 ? { problems: problems.slice(0, 20) } : { pairs };
}
