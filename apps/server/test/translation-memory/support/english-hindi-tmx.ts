import { tmxPrologue, tmxUnitXml, TMX_EPILOGUE } from '@bhasha/engine';

/** A TMX document of `units` English–Hindi units: unit i's English is `sourceOf(i)`, its Hindi "अनुवाद i". */
export function englishHindiTmx(units: number, sourceOf: (i: number) => string): string {
  const parts = [tmxPrologue({ attributes: { srclang: 'en' } })];
  const variant = (lang: string, text: string) => ({
    lang,
    attributes: {},
    properties: [],
    notes: [],
    segment: { text, codes: [] },
  });
  for (let i = 0; i < units; i += 1) {
    parts.push(
      tmxUnitXml({
        attributes: {},
        properties: [],
        notes: [],
        variants: [variant('en', sourceOf(i)), variant('hi', `अनुवाद ${i}`)],
      }),
    );
  }
  parts.push(TMX_EPILOGUE);
  return parts.join('');
}
