import { PLACEHOLDER_PATTERN } from '../../html/placeholder-syntax';
import type { TmxCode, TmxHeader, TmxProperty, TmxSegment, TmxUnit } from './types';

// XML 1.0 cannot carry these characters at all, not even as references.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXmlText(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

function attributesXml(attributes: Readonly<Record<string, string>>): string {
  return Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXmlAttribute(value)}"`)
    .join('');
}

const HEADER_DEFAULTS: Record<string, string> = {
  creationtool: 'Bhasha',
  creationtoolversion: '1',
  datatype: 'plaintext',
  segtype: 'sentence',
  adminlang: 'en',
  'o-tmf': 'Bhasha',
};

/** The start of a TMX 1.4 document, up to and including `<body>`. */
export function tmxPrologue(header: Pick<TmxHeader, 'attributes'>): string {
  const attributes = { ...HEADER_DEFAULTS, ...header.attributes };
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
    `  <header${attributesXml(attributes)}/>\n  <body>\n`
  );
}

export const TMX_EPILOGUE = '  </body>\n</tmx>\n';

function propertiesXml(properties: readonly TmxProperty[], notes: readonly string[], indent: string): string {
  return (
    properties
      .map((p) => `${indent}<prop type="${escapeXmlAttribute(p.type)}">${escapeXmlText(p.value)}</prop>\n`)
      .join('') + notes.map((note) => `${indent}<note>${escapeXmlText(note)}</note>\n`).join('')
  );
}

/**
 * A segment's text as TMX inline content: each placeholder marker becomes the code it stood for
 * (or a bare `<bpt>`/`<ept>`/`<ph>` when the segment came from elsewhere and has no codes).
 */
export function segmentXml(segment: TmxSegment): string {
  const codes = new Map<string, TmxCode>();
  for (const code of segment.codes) codes.set(`${code.form}:${code.id}`, code);
  let xml = '';
  let last = 0;
  for (const match of segment.text.matchAll(PLACEHOLDER_PATTERN)) {
    xml += escapeXmlText(segment.text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, slash, digits, selfClose] = match;
    const id = Number(digits);
    const form = slash ? 'close' : selfClose ? 'void' : 'open';
    xml += codeXml(codes.get(`${form}:${id}`), id, form);
  }
  return xml + escapeXmlText(segment.text.slice(last));
}

function codeXml(code: TmxCode | undefined, id: number, form: TmxCode['form']): string {
  if (!code) {
    if (form === 'open') return `<bpt i="${id}" x="${id}"/>`;
    if (form === 'close') return `<ept i="${id}"/>`;
    return `<ph x="${id}"/>`;
  }
  if (code.kind === 'hi') return form === 'open' ? `<hi${attributesXml(code.attributes)}>` : '</hi>';
  const content = escapeXmlText(code.content);
  const open = `<${code.kind}${attributesXml(code.attributes)}`;
  return content ? `${open}>${content}</${code.kind}>` : `${open}/>`;
}

/** One `<tu>` element. */
export function tmxUnitXml(unit: TmxUnit): string {
  let xml =
    `    <tu${attributesXml(unit.attributes)}>\n` + propertiesXml(unit.properties, unit.notes, '      ');
  for (const variant of unit.variants) {
    const attributes = { ...variant.attributes };
    delete attributes.lang;
    attributes['xml:lang'] = variant.lang;
    xml +=
      `      <tuv${attributesXml(attributes)}>\n` +
      propertiesXml(variant.properties, variant.notes, '        ') +
      `        <seg>${segmentXml(variant.segment)}</seg>\n      </tuv>\n`;
  }
  return `${xml}    </tu>\n`;
}

/** A whole TMX 1.4 document, piece by piece, so exports of any size stream. */
export async function* writeTmx(
  header: Pick<TmxHeader, 'attributes'>,
  units: AsyncIterable<TmxUnit> | Iterable<TmxUnit>,
): AsyncGenerator<string> {
  yield tmxPrologue(header);
  for await (const unit of units) yield tmxUnitXml(unit);
  yield TMX_EPILOGUE;
}
