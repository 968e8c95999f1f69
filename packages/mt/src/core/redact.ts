/** Replaces every occurrence of a credential in `text` by `***`, so vendor echoes never leak keys. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && secret.length >= 4) result = result.split(secret).join('***');
  }
  return result;
}
