import type { ResourceCodec } from './codec';
import { RESOURCE_CODECS } from './codecs';
import { detectResourceFormat } from './detect';
import { withFileErrors } from './errors';
import { ResourceFileError, type ResourceFile, type ResourceFormat } from './types';

/** The adapter for a file, or a `ResourceFileError` saying the file is no resource file. */
export function codecFor(
  path: string,
  bytes: Uint8Array,
): Required<ResourceCodec> & { format: ResourceFormat } {
  const format = detectResourceFormat(path, bytes);
  if (format === undefined) {
    throw new ResourceFileError(
      path,
      undefined,
      'not a string resource file (Android .xml with <resources>, .strings, .stringsdict, .xcstrings or i18n .json)',
    );
  }
  const codec = RESOURCE_CODECS[format];
  return {
    format,
    read: codec.read.bind(codec),
    write: codec.write.bind(codec),
    verify: (codec.verify ?? codec.read).bind(codec),
  };
}

/**
 * A resource file's translatable units (plurals as one ICU plural unit each), the translations
 * it carries and its warnings; anything wrong with it is a `ResourceFileError` naming file and line.
 */
export function readResourceFile(path: string, bytes: Uint8Array): ResourceFile {
  const codec = codecFor(path, bytes);
  return withFileErrors(path, () => codec.read(path, bytes));
}
