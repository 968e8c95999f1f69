import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import {
  NAME_MIN_LENGTH,
  OLD_FORM_MAX_LANGUAGES,
  PASSWORD_MIN_LENGTH,
  isValidRegistrationEmail,
  isValidWebsiteUrl,
} from '@bhasha/contract';
import { hasWhitespace } from './password';
import { isValidPhoneInput } from './phone-number';

type AuthT = TFunction<'auth'>;

function rejectWith(message: string): Promise<never> {
  return Promise.reject(new Error(message));
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
      {
        validator: (_rule, value: string | undefined) =>
          value && hasWhitespace(value) ? rejectWith(t('validation.passwordWhitespace')) : Promise.resolve(),
      },
      { min: PASSWORD_MIN_LENGTH, message: t('validation.passwordTooShort') },
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
    phone: [
      { required: true, message: t('validation.phoneInvalid') },
      {
        validator: (_rule, value: string | undefined) =>
          !value || isValidPhoneInput(value) ? Promise.resolve() : rejectWith(t('validation.phoneInvalid')),
      },
    ] satisfies FormRule[],
  };
}

export type AuthFormRules = ReturnType<typeof createAuthFormRules>;
