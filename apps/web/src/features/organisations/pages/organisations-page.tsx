import { Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router';
import { ApiKeysPage } from '../../api-keys/pages/api-keys-page';
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
  const canEdit = abilities.data.canEditOwnOrganisation;
  return (
    <Routes>
      {canEdit ? <Route path="api-keys" element={<ApiKeysPage />} /> : null}
      <Route path="*" element={<OrganisationSettingsPage canEdit={canEdit} />} />
    </Routes>
  );
}
