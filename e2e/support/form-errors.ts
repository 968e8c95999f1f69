import type { Locator, Page } from 'playwright-core';

const SETTLE_MS = 5_000;

/** The validation messages antd shows under the fields of a form, as the user reads them. */
export function readFormErrors(form: Locator): Promise<string[]> {
  return form.locator('.ant-form-item-explain-error').allInnerTexts();
}

/** Waits until every message is shown under the form's fields; fails with what was shown instead. */
export async function waitForFormErrors(form: Locator, messages: readonly string[]): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    shown = await readFormErrors(form);
    if (messages.every((message) => shown.includes(message))) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected ${JSON.stringify(messages)} under the fields, saw ${JSON.stringify(shown)}`);
}

/** Waits until a toast (antd message) with exactly this text is on screen. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor({ state: 'visible' });
}

/** Waits until no field of the form shows a message (antd fades old ones out). */
export async function waitForNoFormErrors(form: Locator): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  let shown: string[] = [];
  while (Date.now() < deadline) {
    shown = await readFormErrors(form);
    if (shown.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`expected no messages under the fields, saw ${JSON.stringify(shown)}`);
}
