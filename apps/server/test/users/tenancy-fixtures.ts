import type { Role } from '@bhasha/contract';
import { createOrganisationsRepository } from '../../src/modules/organisations/organisations.repository';
import { createUserWithToken, type TestApp } from '../support/test-app';

/** Creates an organisation for a test. */
export async function createOrganisation(
  t: TestApp,
  values: { name?: string; plan?: string; parliamentWorkspace?: boolean } = {},
) {
  return createOrganisationsRepository(t.handle.db).insert({
    name: values.name ?? `Org ${Math.random().toString(36).slice(2, 8)}`,
    plan: values.plan ?? 'paid',
    parliamentWorkspace: values.parliamentWorkspace ?? false,
  });
}

/** A signed-in member of an organisation with the given role. */
export function createMember(
  t: TestApp,
  organisationId: string | null,
  role: Role,
  extra: { status?: string; apikey?: string } = {},
) {
  return createUserWithToken(t, { role, organisationId, ...extra });
}
