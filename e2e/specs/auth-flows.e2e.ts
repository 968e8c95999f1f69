import {
  AUTH_MESSAGES,
  AUTH_TEXTS,
  SUCCESS_MESSAGES,
  formatAttemptsRemaining,
  formatResendOtpCountdown,
} from '@bhasha/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createVerifiedAccount,
  findLink,
  findOtp,
  pickOption,
  readSmsTexts,
  screenshot,
  startProductFixture,
  startProductServer,
  VIEWPORTS,
  uniqueEmail,
  waitForSmsOtp,
  waitForToast,
  type ProductFixture,
  type TestAccount,
} from '../support';

const SMS_COUNTRY_CODE = '+91';

/** Fills the sign-in form and submits it; resolves with whether the server let the user in. */
async function signIn(page: Page, email: string, password: string): Promise<boolean> {
  await page.getByTestId('sign-in-email').fill(email);
  await page.getByTestId('sign-in-password').fill(password);
  const [response] = await Promise.all([
    page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/auth'),
    page.getByTestId('sign-in-submit').click(),
  ]);
  return ((await response.json()) as { success: boolean }).success;
}

/** How many toasts on screen carry this text. */
function toastCount(page: Page, text: string): Promise<number> {
  return page.locator('.ant-message-notice').filter({ hasText: text }).count();
}

/** Waits until the element with this test id reads `expected` (null: until it is gone). */
async function waitForTestIdText(page: Page, testId: string, expected: string | null): Promise<void> {
  await page.waitForFunction(
    ([id, text]) => (document.querySelector(`[data-testid="${id}"]`)?.textContent ?? null) === text,
    [testId, expected] as const,
    { timeout: 5_000 },
  );
}

describe('authentication flows in Chromium against the built product (spec §4, §9)', () => {
  let product: ProductFixture;
  let lockedAccount: TestAccount;

  beforeAll(async () => {
    product = await startProductFixture();
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('registers a free trial with the SMS and e-mail OTPs and lands in the free app', async () => {
    const { page, problems } = await product.openPage('laptop');
    const email = uniqueEmail('trial');
    const phone = `98${String(Date.now()).slice(-8)}`;
    const smsTo = `${SMS_COUNTRY_CODE}${phone}`;
    await page.goto(`${product.server.url}/`);
    await page.getByTestId('register-name').fill('Asha Verma');
    await page.getByTestId('register-url').fill(`www.shop-${Date.now().toString(36)}.example.com`);
    // Spec §5: a www. address gets https:// in front.
    await expect(page.getByTestId('register-url').inputValue()).resolves.toMatch(/^https:\/\/www\./);
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-phone').fill(phone);
    await page.getByTestId('register-password').fill('Trial#Pass2026');
    await page.getByTestId('register-confirm-password').fill('Trial#Pass2026');
    await pickOption(page.getByTestId('register-language'), 'Hindi');

    await page.getByTestId('send-otp').click();
    await page.getByTestId('mobile-otp').waitFor();
    await waitForToast(page, SUCCESS_MESSAGES.otpSent);
    expect(await page.getByTestId('resend-otp').innerText()).toMatch(
      new RegExp(`^${formatResendOtpCountdown(0).replace('0', '\\d+')}$`),
    );
    await expect(page.getByTestId('register-submit').isDisabled()).resolves.toBe(true);
    await screenshot(page, 'free-trial-otp-laptop');

    await page.getByTestId('mobile-otp').fill(await waitForSmsOtp(product.server.dataDir, smsTo));
    await page.getByTestId('verify-mobile-otp').click();
    await page.waitForFunction(
      (testId) => document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)?.disabled === true,
      'verify-mobile-otp',
    );
    expect(await page.getByTestId('verify-mobile-otp').innerText()).toBe(AUTH_TEXTS.otpVerified);

    const otpMail = await product.mail.waitForMail(email, /verification code/);
    await page.getByTestId('email-otp').fill(findOtp(otpMail.text));
    await page.getByTestId('verify-email-otp').click();
    await page.waitForFunction(
      (testId) => document.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)?.disabled === true,
      'verify-email-otp',
    );
    expect(await page.getByTestId('verify-email-otp').innerText()).toBe(AUTH_TEXTS.otpVerified);
    expect(readSmsTexts(product.server.dataDir, smsTo)).toHaveLength(1);

    // Spec §4 step 3: enabled only with the terms checked and both OTPs verified.
    await expect(page.getByTestId('register-submit').isDisabled()).resolves.toBe(true);
    await page.getByTestId('terms-checkbox').check();
    await expect(page.getByTestId('register-submit').isEnabled()).resolves.toBe(true);
    expect(await page.getByTestId('register-submit').innerText()).toBe(AUTH_TEXTS.registerForFree);
    await page.getByTestId('register-submit').click();

    await page.getByTestId('free-app').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'free-app-after-registration-laptop');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('locks the account after 5 wrong passwords, showing Attempts remaining on the way', async () => {
    lockedAccount = await createVerifiedAccount(product.server, product.mail, 'lockout');
    const { page } = await product.openPage();
    await page.goto(`${product.server.url}/sign-in`);

    // Spec §2: the text shows when attempts are more than 1 and not 5.
    const expected = [
      null,
      formatAttemptsRemaining(3),
      formatAttemptsRemaining(2),
      formatAttemptsRemaining(1),
      null,
    ];
    for (const [index, attemptsText] of expected.entries()) {
      expect(await signIn(page, lockedAccount.email, `Wrong#Pass${index}`)).toBe(false);
      await waitForTestIdText(page, 'sign-in-attempts', attemptsText);
      if (index === 1) await screenshot(page, 'sign-in-attempts-desktop');
      if (index === 0) await waitForToast(page, AUTH_MESSAGES.invalidCredentials);
    }
    const lockout = page.getByTestId('sign-in-lockout');
    await lockout.waitFor();
    // Spec §8: the panel says it; no toast repeats it, and a failure is never toasted twice.
    await page.waitForTimeout(500);
    expect(await toastCount(page, AUTH_MESSAGES.accountLocked)).toBe(0);
    expect(await toastCount(page, AUTH_MESSAGES.invalidCredentials)).toBeLessThanOrEqual(1);
    const lockoutText = await lockout.innerText();
    for (const line of [AUTH_TEXTS.lockoutTitle, AUTH_TEXTS.lockoutMessage, AUTH_TEXTS.lockoutAdvice]) {
      expect(lockoutText).toContain(line);
    }
    await screenshot(page, 'sign-in-lockout-desktop');

    // Locked means locked: the right password does not get in either.
    expect(await signIn(page, lockedAccount.email, lockedAccount.password)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await lockout.waitFor();
    await page.context().close();
  });

  it('without a mailer, forgot password offers neither the field nor Submit', async () => {
    const mailless = await startProductServer();
    try {
      const context = await product.browser.newContext({ viewport: VIEWPORTS.desktop });
      const page = await context.newPage();
      await page.goto(`${mailless.url}/forgotPassword`);
      await page.getByTestId('forgot-password-whitelist').waitFor();
      await expect(page.getByTestId('forgot-password-email').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('forgot-password-submit').isDisabled()).resolves.toBe(true);
      await page.getByTestId('forgot-password-submit').click({ force: true });
      await page.waitForTimeout(300);
      expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
      await screenshot(page, 'forgot-password-mailless-desktop');
      await context.close();
    } finally {
      await mailless.stop();
    }
    // A second server starts here: minutes on a busy machine.
  }, 300_000);

  it('resets the password from the e-mailed link (even when locked) and signs in with the new one', async () => {
    const { page } = await product.openPage();
    await page.goto(`${product.server.url}/forgotPassword`);
    await page.getByTestId('forgot-password-email').fill(lockedAccount.email);
    await page.getByTestId('forgot-password-submit').click();
    await waitForToast(page, AUTH_MESSAGES.passwordResetSent);
    // Spec §9: the button stays disabled for 5 s after each click.
    await expect(page.getByTestId('forgot-password-submit').isDisabled()).resolves.toBe(true);

    const link = findLink(await product.mail.waitForMail(lockedAccount.email, /reset/i), '/new-password/');
    expect(new URL(link).origin).toBe(product.server.url);
    await page.goto(link);
    const newPassword = 'Fresh#Pass2026';
    await page.getByTestId('new-password-password').fill(newPassword);
    await page.getByTestId('new-password-confirm').fill(newPassword);
    await page.getByTestId('new-password-submit').click();
    await page.waitForURL(`${product.server.url}/`);
    await page.context().close();

    const fresh = await product.openPage();
    await fresh.page.goto(`${product.server.url}/sign-in`);
    expect(await signIn(fresh.page, lockedAccount.email, lockedAccount.password)).toBe(false);
    expect(new URL(fresh.page.url()).pathname).toBe('/sign-in');
    expect(await signIn(fresh.page, lockedAccount.email, newPassword)).toBe(true);
    await fresh.page.waitForURL(`${product.server.url}/app`);
    await fresh.page.getByTestId('main-app').waitFor();
    await fresh.page.context().close();
  });
});
