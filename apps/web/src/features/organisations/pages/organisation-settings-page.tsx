import { useState } from 'react';
import { EditOutlined, KeyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../auth/state/auth-context';
import { useOrganisationDetails } from '../api/organisations-queries';
import { OrganisationDetailsCard } from '../components/organisation-details-card';
import { OrganisationFormDrawer } from '../components/organisation-form-drawer';
import { MtEngineCard } from '../../projects/mt-engine/mt-engine-card';

/** An organisation admin's own organisation: name, details and plan summary. */
export function OrganisationSettingsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('organisations');
  const user = useSessionUser();
  const details = useOrganisationDetails(user.organisationId);
  const [isEditing, setIsEditing] = useState(false);
  if (!user.organisationId)
    return (
      <Card variant="borderless">
        <Empty />
      </Card>
    );
  return (
    <Card
      variant="borderless"
      title={t('settings.title')}
      data-testid="organisation-settings"
      extra={
        canEdit ? (
          <Flex gap={8}>
            <Link to="/app/organisations/api-keys" data-testid="organisation-settings-api-keys">
              <Button icon={<KeyOutlined />}>{t('actions.apiKeys')}</Button>
            </Link>
            <Button
              icon={<EditOutlined />}
              onClick={() => setIsEditing(true)}
              disabled={!details.data}
              data-testid="organisation-settings-edit"
            >
              {t('actions.edit')}
            </Button>
          </Flex>
        ) : null
      }
    >
      <OrganisationDetailsCard organisationId={user.organisationId} />
      <div style={{ marginTop: 16 }}>
        <MtEngineCard
          scope={{ kind: 'organisation', organisationId: user.organisationId }}
          canEdit={canEdit}
        />
      </div>
      <OrganisationFormDrawer
        organisation={isEditing ? (details.data?.organisation ?? null) : null}
        canChangePlan={false}
        onClose={() => setIsEditing(false)}
      />
    </Card>
  );
}
