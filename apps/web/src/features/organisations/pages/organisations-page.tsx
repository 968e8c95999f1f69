import { Skeleton } from 'antd';
import { useAbilities } from '../../users/api/users-queries';
import { OrganisationSettingsPage } from './organisation-settings-page';
import { OrganisationsTablePage } from './organisations-table-page';

/** /app/organisations: every organisation for super admins, one's own organisation for its admins. */
export function OrganisationsPage() {
  const abilities = useAbilities();
  if (abilities.isLoading || !abilities.data) return <Skeleton active />;
  if (abilities.data.canSeeAllOrganisations) return <OrganisationsTablePage />;
  return <OrganisationSettingsPage canEdit={abilities.data.canEditOwnOrganisation} />;
}
