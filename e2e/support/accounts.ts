import { findLink, type MailCatcher } from './mail-catcher';
import type { ProductServer } from './product-server';

/** A verified organisation admin, created through the API as the older sign-up form would. */
export interface TestAccount {
  email: string;
  password: string;
}

let sequence = 0;

/** A unique, valid address under a two-part domain (spec §5's e-mail rules). */
export function uniqueEmail(prefix: string): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}${sequence}@example.com`;
}

async function postJson(
  server: ProductServer,
  path: string,
  body: unknown,
): Promise<{ success: boolean; message: string }> {
  const response = await fetch(`${server.url}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; message: string };
}

/**
 * Signs an organisation admin up (auth/new) and opens the link of the verification e-mail, so
 * the specs that need an account to sign in with do not depend on the registration spec.
 */
export async function createVerifiedAccount(
  server: ProductServer,
  mail: MailCatcher,
  prefix: string,
): Promise<TestAccount> {
  const account = { email: uniqueEmail(prefix), password: 'Start#Pass2026' };
  const signUp = await postJson(server, 'auth/new', {
    firstName: 'Test',
    lastName: 'User',
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    organisation: `E2E ${prefix}`,
    role: 'organisationAdmin',
  });
  if (!signUp.success) throw new Error(`auth/new failed: ${signUp.message}`);
  const link = findLink(await mail.waitForMail(account.email, /verify/i), '/verification/');
  const uuid = new URL(link).pathname.split('/').pop();
  const verified = await postJson(server, 'auth/verification', { uuid });
  if (!verified.success) throw new Error(`auth/verification failed: ${verified.message}`);
  return account;
}
