import { describe, expect, it } from 'vitest';
import { resourceFilesOfUpload } from '../../../src/formats/resource-files/archive';
import { ZipFormatError } from '../../../src/formats/zip/read';
import { zipStream } from '../../../src/formats/zip/write';
import { handZip } from '../zip/zip-builder';

const CODES = ['en', 'hi', 'ta', 'pa', 'kn', 'mr'];
const RESOURCES = '<resources><string name="a">A</string></resources>';

async function zipOf(files: Record<string, string>): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const members = Object.entries(files).map(([name, content]) => ({ name, content: [content] }));
  for await (const chunk of zipStream(members)) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

const pathsOf = (split: ReturnType<typeof resourceFilesOfUpload>) => ({
  sources: split.sources.map((entry) => entry.path),
  besides: split.besides.map((beside) => [beside.entry.path, beside.language, beside.sourcePath]),
});

describe('resourceFilesOfUpload', () => {
  it('takes a single file as the one source', () => {
    const bytes = new TextEncoder().encode(RESOURCES);
    expect(resourceFilesOfUpload('strings.xml', bytes, 'en', CODES)).toEqual({
      sources: [{ path: 'strings.xml', bytes }],
      besides: [],
    });
  });

  it('splits a res/ tree into sources and the translations beside them', async () => {
    const bytes = await zipOf({
      'app/src/main/res/values/strings.xml': RESOURCES,
      'app/src/main/res/values/colors.xml': '<resources><color name="c">#fff</color></resources>',
      'app/src/main/res/values-hi/strings.xml': RESOURCES,
      'app/src/main/res/values-kn-rIN/strings.xml': RESOURCES,
      'app/src/main/res/values-night/strings.xml': RESOURCES,
      'app/src/main/res/values-ta/other.xml': RESOURCES,
      'app/src/main/AndroidManifest.xml': '<manifest/>',
      'app/build.gradle': 'android {}',
    });
    expect(pathsOf(resourceFilesOfUpload('app.zip', bytes, 'en', CODES))).toEqual({
      sources: [
        'app/src/main/res/values/strings.xml',
        'app/src/main/res/values/colors.xml',
        'app/src/main/res/values-night/strings.xml',
      ],
      besides: [
        ['app/src/main/res/values-hi/strings.xml', 'hi', 'app/src/main/res/values/strings.xml'],
        ['app/src/main/res/values-kn-rIN/strings.xml', 'kn', 'app/src/main/res/values/strings.xml'],
      ],
    });
  });

  it('pairs .lproj folders with an en.lproj or Base.lproj source', async () => {
    const bytes = await zipOf({
      'App/Base.lproj/Main.strings': '"a" = "b";',
      'App/en.lproj/Localizable.strings': '"a" = "b";',
      'App/en.lproj/Localizable.stringsdict': '<plist/>',
      'App/hi.lproj/Localizable.strings': '"a" = "c";',
      'App/pa-IN.lproj/Localizable.stringsdict': '<plist/>',
      'App/ta.lproj/Main.strings': '"a" = "d";',
      'App/Localizable.xcstrings': '{}',
    });
    expect(pathsOf(resourceFilesOfUpload('ios.zip', bytes, 'en', CODES))).toEqual({
      sources: [
        'App/Base.lproj/Main.strings',
        'App/en.lproj/Localizable.strings',
        'App/en.lproj/Localizable.stringsdict',
        'App/Localizable.xcstrings',
      ],
      besides: [
        ['App/hi.lproj/Localizable.strings', 'hi', 'App/en.lproj/Localizable.strings'],
        ['App/pa-IN.lproj/Localizable.stringsdict', 'pa', 'App/en.lproj/Localizable.stringsdict'],
        ['App/ta.lproj/Main.strings', 'ta', 'App/Base.lproj/Main.strings'],
      ],
    });
  });

  it('pairs JSON locales by file or folder name', async () => {
    const bytes = await zipOf({
      'locales/en/common.json': '{"a": "b"}',
      'locales/mr/common.json': '{"a": "c"}',
      'i18n/en.json': '{"a": "b"}',
      'i18n/hi.json': '{"a": "c"}',
    });
    expect(pathsOf(resourceFilesOfUpload('web.zip', bytes, 'en', CODES))).toEqual({
      sources: ['locales/en/common.json', 'i18n/en.json'],
      besides: [
        ['locales/mr/common.json', 'mr', 'locales/en/common.json'],
        ['i18n/hi.json', 'hi', 'i18n/en.json'],
      ],
    });
  });

  it('refuses a hostile archive instead of splitting it', () => {
    const bytes = handZip([{ name: '../res/values/strings.xml', data: RESOURCES }]);
    expect(() => resourceFilesOfUpload('evil.zip', bytes, 'en', CODES)).toThrow(ZipFormatError);
  });
});
