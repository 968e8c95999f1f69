import { withFileErrors } from './errors';
import { codecFor } from './read';
import { ResourceFileError, type WriteResourceOptions } from './types';

/**
 * The source file with `translations` (unit id → text with the unit's markers; a plural unit: an
 * ICU plural message) written in for `options.language`: only translatable text changes, in the
 * file's own encoding, and plurals get exactly the target language's categories (one missing
 * from the translation takes its `other`). Untranslated units keep the source text or, with
 * `missing: 'omit'`, leave the file. The result is read again before it is returned, so a file
 * that would not load is an error here and never reaches an app.
 */
export function writeResourceFile(
  path: string,
  bytes: Uint8Array,
  translations: ReadonlyMap<string, string>,
  options: WriteResourceOptions,
): Uint8Array {
  const codec = codecFor(path, bytes);
  const written = withFileErrors(path, () => codec.write(path, bytes, translations, options));
  try {
    withFileErrors(path, () => codec.verify(path, written));
  } catch (error) {
    const reason = error instanceof ResourceFileError ? error.reason : String(error);
    const line = error instanceof ResourceFileError ? error.line : undefined;
    throw new ResourceFileError(path, line, `the written file does not read back: ${reason}`);
  }
  return written;
}
