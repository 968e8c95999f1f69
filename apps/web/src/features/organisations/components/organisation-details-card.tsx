import { Descriptions, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOrganisationDetails } from '../api/organisations-queries';

/** An organisation's details with its plan summary. */
export function OrganisationDetailsCard({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation('organisations');
  const details = useOrganisationDetails(organisationId);
  if (details.isLoading || !details.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  const { organisation, planSummary } = details.data;
  return (
    <Descriptions
      bordered
      column={1}
      size="small"
      data-testid="organisation-details"
      items={[
        { key: 'name', label: t('details.name'), children: organisation.name },
        { key: 'website', label: t('details.website'), children: organisation.website ?? '—' },
        { key: 'details', label: t('details.details'), children: organisation.details ?? '—' },
        {
          key: 'plan',
          label: t('details.plan'),
          children: (
            <Tag color={planSummary.plan === 'free' ? 'orange' : 'green'}>
              {t(`plans.${planSummary.plan}`)}
            </Tag>
          ),
        },
        {
          key: 'parliament',
          label: t('details.parliament'),
          children: planSummary.parliamentWorkspace ? t('yes') : t('no'),
        },
        { key: 'users', label: t('details.users'), children: planSummary.userCount },
        {
          key: 'limit',
          label: t('details.collaboratorLimit'),
          children:
            planSummary.maxCollaborators === null ? t('details.unlimited') : planSummary.maxCollaborators,
        },
        {
          key: 'created',
          label: t('details.created'),
          children: new Date(organisation.createdAt).toLocaleDateString(),
        },
      ]}
    />
  );
}
