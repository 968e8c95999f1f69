import { PASSWORD_WHITESPACE_PATTERN } from '@bhasha/contract';

/** Spec §5: passwords may not contain any whitespace character. */
export function hasWhitespace(value: string): boolean {
  return PASSWORD_WHITESPACE_PATTERN.test(value);
}
