import type { Page } from 'playwright-core';

/** The answer envelope of every product call (DESIGN.md API conventions). */
export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/** POSTs JSON to a product URL, signed in when a token is given, and returns the envelope. */
export async function postJson<T>(url: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: token, timezone: new Date().toISOString() } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

/** The same for an API path (`project/crawl`) below the product's base URL. */
export function postApi<T>(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Envelope<T>> {
  return postJson<T>(`${baseUrl}/api/${path}`, body, token);
}

/**
 * Creates a paid organisation with its admin, signed in as the product's super admin (`root`:
 * the first admin login the server printed). Throws with the product's message if refused.
 */
export async function createPaidOrganisation(
  baseUrl: string,
  root: { email: string; password: string },
  organisation: { organisation: string; name: string; email: string; password: string },
): Promise<void> {
  const login = await postApi<{ token: string }>(baseUrl, 'auth', root);
  if (!login.success) throw new Error(`the super admin cannot sign in: ${login.message}`);
  const created = await postApi(
    baseUrl,
    'auth/newOrganisation',
    { ...organisation, plan: 'paid' },
    login.data.token,
  );
  if (!created.success) throw new Error(`the organisation was not created: ${created.message}`);
}

/** Signs in through the sign-in form and waits for the main app. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(password);
  await page.getByTestId('sign-in-submit').click();
  await page.getByTestId('main-app').waitFor({ timeout: 30_000 });
}

/** Users holding an apikey accept the terms once (spec §2 "Terms & Conditions") before anything else. */
export async function acceptTerms(page: Page): Promise<void> {
  const agree = page.getByTestId('contract-agree');
  await agree.waitFor();
  // The checkbox can be clicked while the modal still opens and the app re-renders it after
  // sign-in (a CI run saw Agree stay disabled): tick it until Agree is enabled, never twice in a row.
  for (let attempt = 0; attempt < 5 && !(await agree.isEnabled()); attempt += 1) {
    await page.getByTestId('contract-checkbox').click();
    for (let wait = 0; wait < 20 && !(await agree.isEnabled()); wait += 1) await page.waitForTimeout(100);
  }
  await agree.click();
  await agree.waitFor({ state: 'detached' });
}

/** Accepts the terms when they are asked for: a user accepts them once, an earlier test may have. */
export async function acceptTermsIfAsked(page: Page): Promise<void> {
  const isAsked = await page
    .getByTestId('contract-agree')
    .waitFor({ timeout: 3_000 })
    .then(
      () => true,
      () => false,
    );
  if (isAsked) await acceptTerms(page);
}
