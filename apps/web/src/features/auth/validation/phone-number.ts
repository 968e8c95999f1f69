import { PHONE_LENGTH, isValidPhoneNumber } from '@bhasha/contract';

/** Spec §5 on the form: exactly 10 characters, and the contract's mobile pattern. */
export function isValidPhoneInput(value: string): boolean {
  return value.length === PHONE_LENGTH && isValidPhoneNumber(value);
}
