/**
 * Which resource format a file is in, from its name and, where the name is not enough, its
 * first bytes: a `.xml` is Android only with a `<resources>` root, and a `.json` holding a
 * String Catalog (`sourceLanguage` and `strings`) is read as one.
 */
import type { ResourceFormat } from './types';

/** Bytes looked at to decide: a root element or a catalog's top-level keys are near the start. */
const SNIFF_BYTES = 64 * 1024;

function extensionOf(path: string): string {
  const name = path.replace(/\\/g, '/').split('/').pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The start of a file as text (UTF-8; UTF-16 when a byte-order mark or zero bytes say so). */
function headText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const utf16 =
    (head[0] === 0xff && head[1] === 0xfe) ||
    (head[0] === 0xfe && head[1] === 0xff) ||
    (head.length >= 2 && (head[0] === 0 || head[1] === 0));
  const littleEndian = head[0] === 0xff || (head[1] === 0 && head[0] !== 0);
  const label = utf16 ? (littleEndian ? 'utf-16le' : 'utf-16be') : 'utf-8';
  return new TextDecoder(label).decode(head);
}

/** True when the first element of an XML text is `<resources>` (after the declaration, comments, doctype). */
export function hasResourcesRoot(text: string): boolean {
  const body = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/gi, '')
    .trimStart();
  return /^<resources[\s>/]/.test(body);
}

/** True when a JSON text is a String Catalog: top-level `sourceLanguage` and `strings`. */
export function isStringCatalogJson(text: string): boolean {
  return /"sourceLanguage"\s*:/.test(text) && /"strings"\s*:\s*\{/.test(text);
}

/** The format of a resource file, or undefined for a file that is none of them. */
export function detectResourceFormat(path: string, bytes: Uint8Array): ResourceFormat | undefined {
  switch (extensionOf(path)) {
    case 'xml':
      return hasResourcesRoot(headText(bytes)) ? 'android' : undefined;
    case 'strings':
      return 'ios-strings';
    case 'stringsdict':
      return 'stringsdict';
    case 'xcstrings':
      return 'xcstrings';
    case 'json':
      return isStringCatalogJson(headText(bytes)) ? 'xcstrings' : 'json';
    default:
      return undefined;
  }
}
