import { findPlaceholderTokens } from '../../html/placeholder-syntax';
import { AndroidResourceError } from '../android/types';
import { IosFormatError } from '../ios-strings/types';
import { ResourceFileError } from './types';

/** A line named in a message such as `line 12: …` or `at line 12` (the JSON codec's errors). */
const LINE_IN_MESSAGE = /\bline (\d+)\b/i;

/**
 * Any error a codec throws as a `ResourceFileError` naming the file and, when the codec knows it,
 * the line: callers of the facade meet one error type whatever the format.
 */
export function asResourceFileError(fileName: string, error: unknown): ResourceFileError {
  if (error instanceof ResourceFileError) return error;
  if (error instanceof AndroidResourceError) {
    // The codec puts "file, line N: " before its reason.
    const where = [error.fileName, error.line === undefined ? undefined : `line ${error.line}`]
      .filter(Boolean)
      .join(', ');
    const reason =
      where && error.message.startsWith(`${where}: `) ? error.message.slice(where.length + 2) : error.message;
    return new ResourceFileError(fileName, error.line, reason);
  }
  if (error instanceof IosFormatError) return new ResourceFileError(fileName, error.line, error.reason);
  if (error instanceof Error) {
    const line = LINE_IN_MESSAGE.exec(error.message)?.[1];
    return new ResourceFileError(fileName, line === undefined ? undefined : Number(line), error.message);
  }
  return new ResourceFileError(fileName, undefined, String(error));
}

/** Runs a codec step, turning whatever it throws into a `ResourceFileError`. */
export function withFileErrors<T>(fileName: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    throw asResourceFileError(fileName, error);
  }
}

/**
 * Refuses a translation whose markers the unit does not have (Apple's specifiers are all
 * `<xN/>`, numbered from 1), naming the unit's line, before a codec meets it with no line to name.
 */
export function assertKnownMarkers(
  fileName: string,
  unit: { readonly key: string; readonly line: number; readonly placeholders: readonly unknown[] },
  translation: string,
): void {
  for (const token of findPlaceholderTokens(translation)) {
    if (token.form !== 'void' || token.id < 1 || token.id > unit.placeholders.length) {
      const marker = translation.slice(token.index, token.index + token.length);
      throw new ResourceFileError(
        fileName,
        unit.line,
        `the translation of "${unit.key}" has a placeholder ${marker} the source lacks`,
      );
    }
  }
}
