import { zipStream } from '../zip/write';

/**
 * Cells starting like a formula get a leading apostrophe, exactly as the CSV exports do
 * (formats/csv/write.ts): inline strings are never evaluated by Excel, but a user who copies the
 * column into another sheet or saves it as CSV must not turn a translation into a formula.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters XML 1.0 cannot hold at all (a spreadsheet would refuse the whole file). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
/** Excel's limit on one cell. */
const MAX_CELL = 32_767;
const ROWS_PER_PIECE = 200;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
/** One font, no fill, no border; style 1 is bold for the header row. */
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;

function workbook(sheetName: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

function xmlText(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A cell's text as the sheet stores it: formula starts escaped, cut to Excel's cell limit. */
export function xlsxCellText(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return text.length > MAX_CELL ? text.slice(0, MAX_CELL) : text;
}

function rowXml(cells: readonly string[], style: number): string {
  const attribute = style ? ` s="${style}"` : '';
  let xml = '<row>';
  for (const cell of cells) {
    xml += `<c t="inlineStr"${attribute}><is><t xml:space="preserve">${xmlText(xlsxCellText(cell))}</t></is></c>`;
  }
  return `${xml}</row>`;
}

async function* sheetXml(
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetData>';
  yield rowXml(header, 1);
  let piece = '';
  let count = 0;
  for await (const row of rows) {
    piece += rowXml(row, 0);
    count += 1;
    if (count === ROWS_PER_PIECE) {
      yield piece;
      piece = '';
      count = 0;
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}

/**
 * A one-sheet XLSX workbook (Office Open XML, ECMA-376) written as its rows are read: strings
 * are inline (no shared-string table to hold), the header row bold and frozen, and the archive is
 * compressed as it streams (ADR 0019).
 */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly string[]>,
): AsyncGenerator<Buffer> {
  return zipStream([
    { name: '[Content_Types].xml', content: [CONTENT_TYPES] },
    { name: '_rels/.rels', content: [ROOT_RELS] },
    { name: 'xl/workbook.xml', content: [workbook(sheetName.replace(/[[\]:*?/\\]/g, '_').slice(0, 31))] },
    { name: 'xl/_rels/workbook.xml.rels', content: [WORKBOOK_RELS] },
    { name: 'xl/styles.xml', content: [STYLES] },
    { name: 'xl/worksheets/sheet1.xml', content: sheetXml(header, rows) },
  ]);
}
