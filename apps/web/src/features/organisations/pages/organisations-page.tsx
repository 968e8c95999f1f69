import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAbilities } from '../../users/api/users-queries';
import { OrganisationSettingsPage } from './organisation-settings-page';
import { OrganisationsTablePage } from './organisations-table-page';

/** /app/organisations: every organisation for super admins, one's own organisation for its admins. */
export function OrganisationsPage() {
  const { t } = useTranslation('organisations');
  const abilities = useAbilities();
  if (abilities.isLoading) return <Skeleton active />;
  if (!abilities.data?.pages.includes('organisations')) {
    return <Result status="403" subTitle={t('forbidden')} data-testid="organisations-page-forbidden" />;
  }
  if (abilities.data.canSeeAllOrganisations) return <OrganisationsTablePage />;
  return <OrganisationSettingsPage canEdit={abilities.data.canEditOwnOrganisation} />;
}
