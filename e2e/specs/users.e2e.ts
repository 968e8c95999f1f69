import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startProductFixture, uniqueEmail, type ProductFixture } from '../support';
import { acceptTerms, postJson, signIn } from '../support/product-api';

/*
 * An organisation admin runs its team from the dashboard; the super admin sees every organisation.
 * Projects assigned to collaborators arrive with the projects feature (issue 5): this spec checks
 * that the collaborator signs in to the main app without the admin-only sections.
 */

describe('organisations and users in Chromium against the built product', () => {
  let product: ProductFixture;
  const organisationName = `Kaveri Media ${Date.now().toString(36)}`;
  const admin = { email: uniqueEmail('org-admin'), password: 'Admin#Pass2026' };
  const collaborator = {
    email: uniqueEmail('collaborator'),
    password: 'Collab#Pass2026',
    name: 'Chitra Collaborator',
  };

  beforeAll(async () => {
    product = await startProductFixture();
    const login = await postJson<{ token: string }>(`${product.server.url}/api/auth`, product.server.admin);
    expect(login.success, login.message).toBe(true);
    const created = await postJson(
      `${product.server.url}/api/auth/newOrganisation`,
      {
        organisation: organisationName,
        name: 'Kaveri Admin',
        email: admin.email,
        password: admin.password,
        plan: 'paid',
      },
      login.data.token,
    );
    expect(created.success, created.message).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('an organisation admin creates a collaborator, who then signs in without the admin sections', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, admin.email, admin.password);
    // The admin was created with an apikey: the terms must be accepted first.
    await acceptTerms(page);

    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-table').waitFor();
    await page.getByTestId('users-create').click();
    await page.getByTestId('user-form-name').fill(collaborator.name);
    await page.getByTestId('user-form-email').fill(collaborator.email);
    await page.getByTestId('user-form-password').fill(collaborator.password);
    await Promise.all([
      page.waitForResponse(
        (answer) => new URL(answer.url()).pathname === '/api/user' && answer.request().method() === 'POST',
      ),
      page.getByTestId('user-form-submit').click(),
    ]);
    await page.getByTestId('users-table').getByRole('cell', { name: collaborator.email }).waitFor();
    await page.getByTestId('user-form-drawer').waitFor({ state: 'hidden' });
    await screenshot(page, 'users-page-desktop');

    const second = await product.openPage('desktop');
    await signIn(second.page, product.server.url, collaborator.email, collaborator.password);
    await second.page.getByTestId('nav-projects').waitFor();
    expect(await second.page.getByTestId('nav-users').count()).toBe(0);
    expect(await second.page.getByTestId('nav-organisations').count()).toBe(0);
  }, 120_000);

  it('the super admin sees every organisation', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, product.server.admin.email, product.server.admin.password);
    await page.getByTestId('nav-organisations').click();
    await page.getByTestId('organisations-table').getByRole('cell', { name: organisationName }).waitFor();
    await screenshot(page, 'organisations-page-desktop');
  }, 120_000);
});
