const SENTINEL = 918273645;

/**
 * Turns a contract formatter such as `formatAttemptsRemaining` into an i18next template
 * (`Attempts remaining : {{remaining}}`), so the spec's wording stays defined once, in the contract.
 */
export function templateOf(format: (value: number) => string, name: string): string {
  return format(SENTINEL).replace(String(SENTINEL), `{{${name}}}`);
}
