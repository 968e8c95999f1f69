import type { Locator } from 'playwright-core';

/** Picks an option of an antd searchable Select (test id on its wrapper) by typing its name. */
export async function pickOption(select: Locator, name: string): Promise<void> {
  const search = select.getByRole('combobox');
  await search.click();
  await search.fill(name);
  await search.press('Enter');
}
