import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import {
  NAME_MIN_LENGTH,
  OLD_FORM_MAX_LANGUAGES,
  PASSWORD_MIN_LENGTH,
  PASSWORD_WHITESPACE_PATTERN,
  PHONE_LENGTH,
  isValidPhoneNumber,
  isValidRegistrationEmail,
  isValidWebsiteUrl,
} from '@bhasha/contract';

type AuthT = TFunction<'auth'>;

function rejectWith(message: string): Promise<never> {
  return Promise.reject(new Error(message));
}

/** Spec §5: a password may not contain any whitespace character (the contract's pattern). */
function whitespaceRule(t: AuthT): FormRule {
  return {
    validator: (_rule, value: string | undefined) =>
      value && PASSWORD_WHITESPACE_PATTERN.test(value)
        ? rejectWith(t('validation.passwordWhitespace'))
        : Promise.resolve(),
  };
}

/** The antd rules of spec §5, with their messages from the i18n resources. */
export function createAuthFormRules(t: AuthT) {
  return {
    name: [
      { required: true, message: t('validation.nameRequired') },
      { min: NAME_MIN_LENGTH, message: t('validation.nameMinLength') },
    ] satisfies FormRule[],
    url: [
      { required: true, message: t('validation.urlInvalid') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || isValidWebsiteUrl(value) ? Promise.resolve() : rejectWith(t('validation.urlInvalid')),
      },
    ] satisfies FormRule[],
    registrationEmail: [
      { required: true, message: t('validation.emailRequired') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || isValidRegistrationEmail(value)
            ? Promise.resolve()
            : rejectWith(t('validation.emailInvalid')),
      },
    ] satisfies FormRule[],
    signInEmail: [{ required: true, message: t('validation.signInEmailRequired') }] satisfies FormRule[],
    /** A password being chosen: the spec's rules, then the server's minimum length. */
    password: [
      { required: true, message: t('validation.passwordRequired') },
      whitespaceRule(t),
      { min: PASSWORD_MIN_LENGTH, message: t('validation.passwordTooShort') },
    ] satisfies FormRule[],
    /**
     * The new-password page: 'both required' is one message for the pair, shown by the page on
     * submit (spec §5), so the field itself only checks whitespace and the server's minimum.
     */
    newPassword: [
      whitespaceRule(t),
      { min: PASSWORD_MIN_LENGTH, message: t('validation.passwordTooShort') },
    ] satisfies FormRule[],
    newPasswordConfirm: [
      whitespaceRule(t),
      ({ getFieldValue }) => ({
        validator: (_rule, value: string | undefined) => {
          const password = (getFieldValue('password') as string | undefined) ?? '';
          return !value || !password || value === password
            ? Promise.resolve()
            : rejectWith(t('validation.newPasswordMismatch'));
        },
      }),
    ] satisfies FormRule[],
    signInPassword: [{ required: true, message: t('validation.passwordRequired') }] satisfies FormRule[],
    /** Confirm password: must equal the `password` field. */
    confirmPassword: [
      ({ getFieldValue }) => ({
        validator: (_rule, value: string | undefined) =>
          (value ?? '') === ((getFieldValue('password') as string | undefined) ?? '')
            ? Promise.resolve()
            : rejectWith(t('validation.passwordMismatch')),
      }),
    ] satisfies FormRule[],
    language: [{ required: true, message: t('validation.languagesRequired') }] satisfies FormRule[],
    languages: [
      { required: true, type: 'array', min: 1, message: t('validation.languagesRequired') },
      {
        validator: (_rule, value: string[] | undefined) =>
          (value?.length ?? 0) > OLD_FORM_MAX_LANGUAGES
            ? rejectWith(t('validation.languagesTooMany'))
            : Promise.resolve(),
      },
    ] satisfies FormRule[],
    /** Spec §5: length 10 on the form, and the contract's mobile pattern. */
    phone: [
      { required: true, message: t('validation.phoneInvalid') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || (value.length === PHONE_LENGTH && isValidPhoneNumber(value))
            ? Promise.resolve()
            : rejectWith(t('validation.phoneInvalid')),
      },
    ] satisfies FormRule[],
  };
}

export type AuthFormRules = ReturnType<typeof createAuthFormRules>;
