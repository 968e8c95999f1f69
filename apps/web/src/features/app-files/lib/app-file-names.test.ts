import { MAX_APP_FILE_UPLOAD_BYTES } from '@bhasha/contract';
import { describe, expect, it } from 'vitest';
import { baseName, exportFileName, exportZipName, uploadProblem } from './app-file-names';

describe('app file names', () => {
  it('accepts the string files and zips the server reads, up to the size limit', () => {
    for (const name of [
      'strings.xml',
      'Localizable.strings',
      'Plurals.stringsdict',
      'Localizable.xcstrings',
      'en.json',
      'res.ZIP',
    ])
      expect(uploadProblem({ name, size: 100 })).toBeNull();
    expect(uploadProblem({ name: 'notes.txt', size: 100 })).toBe('wrongFile');
    expect(uploadProblem({ name: 'strings.xml', size: MAX_APP_FILE_UPLOAD_BYTES + 1 })).toBe('tooLarge');
  });

  it('names an exported file by its folder and name, and a zip by the project', () => {
    expect(exportFileName('app/src/main/res/values-kn-rIN/strings.xml')).toBe('values-kn-rIN-strings.xml');
    expect(exportFileName('App/hi.lproj/Localizable.stringsdict')).toBe('hi.lproj-Localizable.stringsdict');
    expect(exportFileName('Localizable.xcstrings')).toBe('Localizable.xcstrings');
    expect(baseName('res\\values\\strings.xml')).toBe('strings.xml');
    expect(exportZipName('Kisan App (beta)', 'hi')).toBe('kisan-app-beta-hi.zip');
    expect(exportZipName('किसान')).toBe('strings-all-languages.zip');
  });
});
