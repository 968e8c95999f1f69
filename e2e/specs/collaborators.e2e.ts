import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickOption, screenshot, startProductFixture, uniqueEmail, type ProductFixture } from '../support';
import { acceptTerms, postJson, signIn } from '../support/product-api';

/*
 * Issue 4 end to end: an organisation admin creates a collaborator in the dashboard and assigns
 * it to one of two projects; the collaborator signs in and sees that project only. The super
 * admin sees every organisation.
 */

describe('collaborators assigned to projects, in Chromium against the built product', () => {
  let product: ProductFixture;
  const suffix = Date.now().toString(36);
  const organisations = [`Godavari Press ${suffix}`, `Narmada News ${suffix}`];
  const admin = { email: uniqueEmail('assign-admin'), password: 'Admin#Pass2026' };
  const otherAdmin = { email: uniqueEmail('other-admin'), password: 'Admin#Pass2026' };
  const collaborator = {
    email: uniqueEmail('assigned'),
    password: 'Collab#Pass2026',
    name: 'Deepa Assigned',
  };
  const projects = { assigned: `Press portal ${suffix}`, other: `Press archive ${suffix}` };
  const projectIds: Record<keyof typeof projects, string> = { assigned: '', other: '' };

  beforeAll(async () => {
    product = await startProductFixture();
    const base = `${product.server.url}/api`;
    const superAdmin = await postJson<{ token: string }>(`${base}/auth`, product.server.admin);
    expect(superAdmin.success, superAdmin.message).toBe(true);
    for (const [index, account] of [admin, otherAdmin].entries()) {
      const created = await postJson(
        `${base}/auth/newOrganisation`,
        {
          organisation: organisations[index],
          name: `Admin ${index + 1}`,
          email: account.email,
          password: account.password,
          plan: 'paid',
        },
        superAdmin.data.token,
      );
      expect(created.success, created.message).toBe(true);
    }
    // Two projects of the admin's organisation (the wizard has its own spec).
    const login = await postJson<{ token: string }>(`${base}/auth`, admin);
    expect(login.success, login.message).toBe(true);
    for (const key of ['assigned', 'other'] as const) {
      const created = await postJson<{ project: { id: string } }>(
        `${base}/project/new`,
        { name: projects[key], baseUrl: `https://${key}-${suffix}.example.in`, targetLanguages: ['hi'] },
        login.data.token,
      );
      expect(created.success, created.message).toBe(true);
      projectIds[key] = created.data.project.id;
    }
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
  });

  it('the admin creates a collaborator and assigns it to one project; the collaborator sees only that one', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, admin.email, admin.password);
    await acceptTerms(page);

    await page.getByTestId('nav-users').click();
    await page.getByTestId('users-create').click();
    await page.getByTestId('user-form-name').fill(collaborator.name);
    await page.getByTestId('user-form-email').fill(collaborator.email);
    await page.getByTestId('user-form-password').fill(collaborator.password);
    await page.getByTestId('user-form-submit').click();
    await page.getByTestId('users-table').getByRole('cell', { name: collaborator.email }).waitFor();

    await page.goto(`${product.server.url}/app/projects/${projectIds.assigned}`);
    const card = page.getByTestId('collaborators-card');
    await card.getByTestId('collaborator-assign-open').click();
    await pickOption(page.getByTestId('collaborator-select'), collaborator.name);
    await Promise.all([
      page.waitForResponse((answer) => new URL(answer.url()).pathname === '/api/domains/assignColloborator'),
      page.getByTestId('collaborator-assign-submit').click(),
    ]);
    await card.getByText(collaborator.email).waitFor();
    await screenshot(page, 'project-collaborators-desktop');

    const second = await product.openPage('desktop');
    const collaboratorPage = second.page;
    await signIn(collaboratorPage, product.server.url, collaborator.email, collaborator.password);
    // Created with an apikey like every account: the collaborator agrees to the terms first.
    await acceptTerms(collaboratorPage);
    expect(await collaboratorPage.getByTestId('nav-users').count()).toBe(0);
    await collaboratorPage.getByTestId('nav-projects').click();
    const table = collaboratorPage.getByTestId('projects-table');
    await table.getByText(projects.assigned).waitFor();
    expect(await table.getByText(projects.other).count()).toBe(0);
    await screenshot(collaboratorPage, 'collaborator-projects-desktop');

    // The other project does not exist for the collaborator, even by its address.
    await collaboratorPage.goto(`${product.server.url}/app/projects/${projectIds.other}`);
    await collaboratorPage.locator('.ant-result-404').waitFor();
    expect(await collaboratorPage.getByTestId('project-overview').count()).toBe(0);
  }, 180_000);

  it('the super admin sees every organisation', async () => {
    const { page } = await product.openPage('desktop');
    await signIn(page, product.server.url, product.server.admin.email, product.server.admin.password);
    await page.getByTestId('nav-organisations').click();
    const table = page.getByTestId('organisations-table');
    for (const name of organisations) await table.getByRole('cell', { name }).waitFor();
  }, 120_000);
});
