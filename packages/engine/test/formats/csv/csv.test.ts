import { describe, expect, it } from 'vitest';
import { CsvFormatError, parseCsv } from '../../../src/formats/csv/read';
import { csvField, toCsv } from '../../../src/formats/csv/write';

const limits = { maxRecords: 10, maxFieldLength: 50 };

describe('CSV records (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF or LF, BOM and blank lines', () => {
    expect(parseCsv('\uFEFFterm,translation\r\n"a, b","say ""hi"""\n\n"two\nlines",x', limits)).toEqual([
      ['term', 'translation'],
      ['a, b', 'say "hi"'],
      ['two\nlines', 'x'],
    ]);
  });

  it('refuses malformed text and oversize input', () => {
    expect(() => parseCsv('"open', limits)).toThrow(CsvFormatError);
    expect(() => parseCsv('a"b', limits)).toThrow(CsvFormatError);
    expect(() => parseCsv('"a"b', limits)).toThrow(CsvFormatError);
    expect(() => parseCsv('x'.repeat(51), limits)).toThrow(/longer than 50/);
    expect(() => parseCsv('a\n'.repeat(11), limits)).toThrow(/more than 9 rows/);
  });

  it('escapes cells a spreadsheet would run as formulas, then quotes as needed', () => {
    expect(['=1+1', '+91', '-x', '@SUM(A1)', '\tx', 'plain'].map(csvField)).toEqual([
      "'=1+1",
      "'+91",
      "'-x",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ]);
    expect(toCsv(['a', 'b'], [['=cmd|"/c calc"', 'x,y']])).toBe('a,b\r\n"\'=cmd|""/c calc""","x,y"\r\n');
  });
});
