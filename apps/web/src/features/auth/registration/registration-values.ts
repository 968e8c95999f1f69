/** Values of the free-trial forms (the classic one picks several languages). */
export interface FreeTrialValues {
  name: string;
  url: string;
  email: string;
  password: string;
  confirmPassword: string;
  language?: string;
  languages?: string[];
  phone: string;
}

/** `single`: the current form (one language, sent as a one-item list); `multiple`: the older form. */
export type LanguageMode = 'single' | 'multiple';

/** The languages list the OTP call sends (spec §5). */
export function toLanguageList(values: FreeTrialValues, mode: LanguageMode): string[] {
  if (mode === 'single') return values.language ? [values.language] : [];
  return values.languages ?? [];
}
