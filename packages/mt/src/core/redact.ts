/**
 * Replaces every occurrence of a credential in `text` by `***`, so vendor echoes never leak keys.
 * A secret with spaces (`Bearer abc…`) is also redacted part by part, for parts of 8+ characters.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  const pieces = secrets
    .filter((secret): secret is string => typeof secret === 'string' && secret.length >= 4)
    .flatMap((secret) => [secret, ...secret.split(/\s+/).filter((part) => part.length >= 8)])
    .sort((a, b) => b.length - a.length);
  let result = text;
  for (const piece of pieces) result = result.split(piece).join('***');
  return result;
}
