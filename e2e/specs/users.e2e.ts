import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickOption, screenshot, startProductFixture, uniqueEmail, type ProductFixture } from '../support';
import { waitForFormErrors, waitForToast } from '../support/form-errors';
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

  it('the super admin creates an organisation from the dashboard', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, product.server.admin.email, product.server.admin.password);
    await page.getByTestId('nav-organisations').click();
    await page.getByTestId('organisations-create').click();
    const name = `Godavari Press ${Date.now().toString(36)}`;
    await page.getByTestId('new-organisation-name').fill(name);
    await page.getByTestId('new-organisation-admin-name').fill('Godavari Admin');
    await page.getByTestId('new-organisation-admin-email').fill(uniqueEmail('godavari'));
    await page.getByTestId('new-organisation-admin-password').fill('Godavari#Pass2026');
    await screenshot(page, 'new-organisation-drawer-desktop');
    await page.getByTestId('new-organisation-submit').click();
    await waitForToast(page, `Organisation ${name} created`);
    await page.getByTestId('organisations-table').getByRole('cell', { name }).waitFor();
  }, 120_000);

  it('the add-user form offers labelled roles, least powerful first, and needs an organisation for organisation roles', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, product.server.admin.email, product.server.admin.password);
    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-create').click();
    const drawer = page.getByTestId('user-form-drawer');
    const role = drawer.getByTestId('user-form-role');
    // The least powerful role is the default, shown by its label.
    await role.getByText('Collaborator', { exact: true }).waitFor();
    await role.click();
    // antd's role=option nodes are its hidden accessible list, named by value: read what is shown.
    const shown = page.locator('.ant-select-dropdown .ant-select-item-option-content');
    await shown.first().waitFor();
    const options = await shown.allTextContents();
    expect(options.slice(0, 2)).toEqual(['Collaborator', 'Lok Sabha Translator']);
    expect(options).not.toContain('collaborator');
    await screenshot(page, 'user-form-roles-desktop');
    await shown.getByText('Organisation', { exact: true }).click();
    const email = uniqueEmail('second-admin');
    await drawer.getByTestId('user-form-name').fill('Second Admin');
    await drawer.getByTestId('user-form-email').fill(email);
    await drawer.getByTestId('user-form-password').fill('Second#Pass2026');
    await drawer.getByTestId('user-form-submit').click();
    await waitForFormErrors(drawer, ['Please select an organisation: this role works inside one']);
    await pickOption(drawer.getByTestId('user-form-organisation'), organisationName);
    await drawer.getByTestId('user-form-submit').click();
    await waitForToast(page, 'User Second Admin created');
    await page.getByTestId('users-table').getByRole('cell', { name: email }).waitFor();
  }, 120_000);

  it('the super admin is told before the wizard why it cannot create a project', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, product.server.admin.email, product.server.admin.password);
    await page.getByTestId('nav-projects').click();
    const blocked = page.getByTestId('projects-create-blocked');
    await blocked.getByText('a super admin cannot create one', { exact: false }).waitFor();
    expect(await page.getByTestId('projects-create').isDisabled()).toBe(true);
    await screenshot(page, 'projects-create-blocked-desktop');
  }, 120_000);

  it('the dashboard home names the organisation and its first step', async () => {
    const { page } = await product.openPage('desktop');
    // The terms were accepted in the first test of this file.
    await signIn(page, product.server.url, admin.email, admin.password);
    await page.getByTestId('dashboard-organisation').getByText(organisationName).waitFor();
    await screenshot(page, 'dashboard-home-desktop');
  }, 120_000);
});
