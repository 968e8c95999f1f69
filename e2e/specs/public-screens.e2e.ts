import {
  AUTH_TEXTS,
  SUCCESS_MESSAGES,
  VALIDATION_MESSAGES as V,
  formatRedirectCountdown,
} from '@bhasha/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VIEWPORTS,
  findLink,
  pickOption,
  screenshot,
  startProductFixture,
  uniqueEmail,
  waitForFormErrors,
  waitForNoFormErrors,
  waitForToast,
  type ProductFixture,
  type ViewportName,
} from '../support';

/** Every public screen of spec §2, with the test id that says it has rendered. */
const SCREENS = [
  { name: 'free-trial', path: '/', ready: 'register-form' },
  { name: 'sign-in', path: '/sign-in', ready: 'sign-in-form' },
  { name: 'forgot-password', path: '/forgotPassword', ready: 'forgot-password-page' },
  { name: 'new-password', path: '/new-password/e2e-token', ready: 'new-password-page' },
  {
    name: 'notification-sent',
    path: `/notification/${encodeURIComponent(SUCCESS_MESSAGES.verificationEmailSent)}`,
    ready: 'notification-page',
  },
  { name: 'privacy-policy', path: '/privacy-policy', ready: 'privacy-policy-text' },
  { name: 'register', path: '/register', ready: 'register-page' },
  { name: 'sign-up', path: '/sign-up', ready: 'sign-up-submit' },
  { name: 'free-trial-classic', path: '/free-trial-classic', ready: 'register-form' },
] as const;

async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

describe('public screens in Chromium (spec §2)', () => {
  let product: ProductFixture;

  beforeAll(async () => {
    product = await startProductFixture();
  });
  afterAll(async () => {
    await product?.stop();
  });

  it('renders every public screen cleanly at 1280×800, 1440×900 and a 390-px phone', async () => {
    for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
      const { page, problems } = await product.openPage(viewport);
      for (const screen of SCREENS) {
        await page.goto(`${product.server.url}${screen.path}`);
        await page.getByTestId(screen.ready).first().waitFor({ state: 'visible' });
        // Let the fonts and the banner's first frame settle before the picture.
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `${screen.name}-${viewport}`);
        expect(await hasHorizontalOverflow(page), `${screen.path} at ${viewport} scrolls sideways`).toBe(
          false,
        );
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps the banner at the full viewport height beside a form taller than the screen', async () => {
    const { page } = await product.openPage('laptop');
    await page.goto(`${product.server.url}/free-trial-classic`);
    await page.getByTestId('register-form').waitFor();
    const banner = page.getByTestId('language-banner');
    for (const scroll of ['top', 'bottom'] as const) {
      await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll);
      await page.waitForTimeout(100);
      const box = await banner.boundingBox();
      expect(box, `banner at the ${scroll}`).toMatchObject({ y: 0, height: VIEWPORTS.laptop.height });
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      VIEWPORTS.laptop.height,
    );
    await page.context().close();
  });

  it('/notification/{message} shows the message and counts down from 30', async () => {
    const { page } = await product.openPage();
    const message = 'Your link has expired';
    await page.goto(`${product.server.url}/notification/${encodeURIComponent(message)}`);
    await expect(page.getByTestId('notification-message').innerText()).resolves.toBe(message);
    const countdown = page.getByTestId('notification-countdown');
    await expect(countdown.innerText()).resolves.toBe(formatRedirectCountdown(30));
    await page.waitForFunction(
      ([testId, text]) => document.querySelector(`[data-testid="${testId}"]`)?.textContent === text,
      ['notification-countdown', formatRedirectCountdown(28)] as const,
      { timeout: 5_000 },
    );
    expect(await page.getByTestId('illustration-sad').isVisible()).toBe(true);
    await screenshot(page, 'notification-sad-desktop');
    await page.context().close();
  });

  it('/verification/{uuid} with the link of the auth/new e-mail signs in and opens /app', async () => {
    const { page } = await product.openPage();
    const email = uniqueEmail('verify');
    await page.goto(`${product.server.url}/sign-up`);
    await page.getByTestId('sign-up-first-name').fill('Vera');
    await page.getByTestId('sign-up-last-name').fill('Fication');
    await page.getByTestId('sign-up-email').fill(email);
    await page.getByTestId('sign-up-organisation').fill('Verify Ltd');
    await page.getByTestId('sign-up-password').fill('Verify#2026');
    await page.getByTestId('sign-up-confirm-password').fill('Verify#2026');
    await page.getByTestId('sign-up-submit').click();
    await page.waitForURL(/\/notification\//);
    await expect(page.getByTestId('notification-message').innerText()).resolves.toBe(
      SUCCESS_MESSAGES.verificationEmailSent,
    );
    expect(await page.getByTestId('illustration-sent').isVisible()).toBe(true);

    const link = findLink(await product.mail.waitForMail(email, /verify/i), '/verification/');
    expect(new URL(link).origin).toBe(product.server.url);
    // Hold the answer back a moment so the spinner and its text can be seen and photographed.
    await page.route('**/api/auth/verification', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByTestId('verification-spinner').innerText()).resolves.toBe(
      AUTH_TEXTS.verifyingEmail,
    );
    await screenshot(page, 'verification-desktop');
    await page.waitForURL(`${product.server.url}/app`);
    await page.getByTestId('main-app').waitFor();
    await page.context().close();
  });

  it('/verification/{uuid} with a bad uuid goes to /', async () => {
    const { page } = await product.openPage();
    await page.goto(`${product.server.url}/verification/00000000-0000-4000-8000-000000000000`);
    await page.waitForURL(`${product.server.url}/`);
    await page.getByTestId('register-form').waitFor();
    await page.context().close();
  });

  describe('every validation message of spec §5 for its bad input', () => {
    it('registration form', async () => {
      const { page } = await product.openPage();
      await page.goto(`${product.server.url}/`);
      const form = page.getByTestId('register-form');
      await page.getByTestId('send-otp').click();
      await waitForFormErrors(form, [
        V.nameRequired,
        V.urlInvalid,
        V.emailRequired,
        V.passwordRequired,
        V.languagesRequired,
        V.phoneInvalid,
      ]);
      await screenshot(page, 'free-trial-errors-desktop');

      await page.getByTestId('register-name').fill('ab');
      await page.getByTestId('register-url').fill('not a website');
      await page.getByTestId('register-password').fill('has space1');
      await page.getByTestId('register-confirm-password').fill('other#Pass1');
      await page.getByTestId('register-phone').fill('5876543210');
      await waitForFormErrors(form, [
        V.nameMinLength,
        V.urlInvalid,
        V.passwordWhitespace,
        V.passwordMismatch,
        V.phoneInvalid,
      ]);

      // Spec §5 e-mail rules: the e-mail check, exactly 2 domain parts, none shorter than 2
      // characters, no two consecutive dots, a first domain part of more than one character.
      for (const email of [
        'not-an-email',
        'asha@example',
        'asha@mail.example.co',
        'asha@example.c',
        'asha@ex..com',
        'asha@e.com',
      ]) {
        await page.getByTestId('register-email').fill(email);
        await waitForFormErrors(form, [V.emailInvalid]);
      }
      for (const phone of ['98765', '98765432ab', '09876543210']) {
        await page.getByTestId('register-phone').fill(phone);
        await waitForFormErrors(form, [V.phoneInvalid]);
      }

      // Bad input sends nothing: still no OTP fields.
      expect(await page.getByTestId('mobile-otp').count()).toBe(0);

      // A name that is 3 characters only with its spaces: the trimmed-name warning.
      await page.getByTestId('register-name').fill(' ab ');
      await page.getByTestId('register-url').fill('www.example.com');
      await page.getByTestId('register-email').fill(uniqueEmail('names'));
      await page.getByTestId('register-password').fill('Good#Pass2026');
      await page.getByTestId('register-confirm-password').fill('Good#Pass2026');
      await page.getByTestId('register-phone').fill('9876543210');
      await pickOption(page.getByTestId('register-language'), 'Tamil');
      await waitForNoFormErrors(form);
      await page.getByTestId('send-otp').click();
      await waitForToast(page, V.nameTooShort);
      expect(await page.getByTestId('mobile-otp').count()).toBe(0);
      await page.context().close();
    });

    it('older free-trial form: at most three languages', async () => {
      const { page } = await product.openPage();
      await page.goto(`${product.server.url}/free-trial-classic`);
      const languages = page.getByTestId('register-languages');
      for (const name of ['Hindi', 'Tamil', 'Telugu', 'Bengali']) await pickOption(languages, name);
      await waitForToast(page, V.languagesTooMany);
      await page.context().close();
    });

    it('sign-in form', async () => {
      const { page } = await product.openPage();
      await page.goto(`${product.server.url}/sign-in`);
      await page.getByTestId('sign-in-submit').click();
      await waitForFormErrors(page.getByTestId('sign-in-form'), [V.signInEmailRequired, V.passwordRequired]);
      await screenshot(page, 'sign-in-errors-desktop');
      await page.context().close();
    });

    it('new-password form', async () => {
      const { page } = await product.openPage();
      await page.goto(`${product.server.url}/new-password/e2e-token`);
      await page.getByTestId('new-password-submit').click();
      await expect(page.getByTestId('new-password-error').innerText()).resolves.toBe(V.newPasswordRequired);
      const form = page.getByTestId('new-password-page');
      await page.getByTestId('new-password-password').fill('has space1');
      await waitForFormErrors(form, [V.passwordWhitespace]);
      await page.getByTestId('new-password-password').fill('Good#Pass2026');
      await page.getByTestId('new-password-confirm').fill('Other#Pass2026');
      await waitForFormErrors(form, [V.newPasswordMismatch]);
      await screenshot(page, 'new-password-errors-desktop');
      await page.context().close();
    });
  });
});
