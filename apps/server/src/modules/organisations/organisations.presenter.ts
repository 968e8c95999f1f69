import { ORGANISATION_PLANS, type OrganisationSummary } from '@bhasha/contract';
import type { OrganisationRow } from './organisations.repository';

/** An organisation as the dashboard sees it. */
export function presentOrganisation(row: OrganisationRow): OrganisationSummary {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan === ORGANISATION_PLANS.free ? ORGANISATION_PLANS.free : ORGANISATION_PLANS.paid,
    parliamentWorkspace: row.parliamentWorkspace,
    website: row.website,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}
