import { useEffect } from 'react';
import { Alert, Button, Drawer, Flex, Form, Select, Typography } from 'antd';
import type { CollaboratorAssignment, Project } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useAbilities, useCollaborators } from '../../users/api/users-queries';
import { useAssignCollaborator } from './collaborators-api';

interface AssignFormValues {
  userId: string;
  /** Empty: every domain of the project, including domains added later. */
  domainIds: string[];
}

interface AssignCollaboratorDrawerProps {
  project: Project;
  /** The assignment to edit; null assigns someone new. */
  assignment: CollaboratorAssignment | null;
  /** Already assigned (left out of the choice when assigning someone new). */
  assignedUserIds: readonly string[];
  onClose: () => void;
}

/** Assign a collaborator to the project: every domain, or some domains of a multi-domain project. */
export function AssignCollaboratorDrawer({
  project,
  assignment,
  assignedUserIds,
  onClose,
}: AssignCollaboratorDrawerProps) {
  const { t } = useTranslation('collaborators');
  const [form] = Form.useForm<AssignFormValues>();
  const abilities = useAbilities();
  const collaborators = useCollaborators(true);
  const assign = useAssignCollaborator();
  const multiDomain = project.domains.length > 1;
  const showOrganisation = abilities.data?.canSeeAllOrganisations === true;

  useEffect(() => {
    form.setFieldsValue(
      assignment
        ? {
            userId: assignment.userId,
            domainIds: assignment.allDomains ? [] : assignment.domains.map((d) => d.id),
          }
        : { domainIds: [] },
    );
  }, [assignment, form]);

  const candidates = (collaborators.data ?? []).filter(
    (user) =>
      user.status === 'active' &&
      (assignment ? user.id === assignment.userId : !assignedUserIds.includes(user.id)),
  );
  const userOptions = candidates.map((user) => ({
    value: user.id,
    label:
      showOrganisation && user.organisationName
        ? `${user.name} <${user.email}> · ${user.organisationName}`
        : `${user.name} <${user.email}>`,
  }));

  function handleFinish(values: AssignFormValues) {
    assign.mutate(
      { projectId: project.id, userId: values.userId, domainIds: values.domainIds },
      { onSuccess: onClose },
    );
  }

  return (
    <Drawer
      open
      title={assignment ? t('editTitle', { name: assignment.name }) : t('assignTitle')}
      onClose={onClose}
      size="default"
      destroyOnHidden
      data-testid="collaborator-drawer"
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            loading={assign.isPending}
            onClick={() => form.submit()}
            data-testid="collaborator-assign-submit"
          >
            {t('save')}
          </Button>
        </Flex>
      }
    >
      <Form form={form} layout="vertical" onFinish={handleFinish} requiredMark={false}>
        {!collaborators.isLoading && candidates.length === 0 && !assignment && (
          <Alert type="info" showIcon title={t('noCandidates')} style={{ marginBottom: 16 }} />
        )}
        <Form.Item
          name="userId"
          label={t('collaborator')}
          rules={[{ required: true, message: t('pickCollaborator') }]}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={collaborators.isLoading}
            disabled={assignment !== null}
            options={userOptions}
            placeholder={t('pickCollaborator')}
            data-testid="collaborator-select"
          />
        </Form.Item>
        {multiDomain && (
          <Form.Item name="domainIds" label={t('domains')} extra={t('domainsHint')}>
            <Select
              mode="multiple"
              allowClear
              options={project.domains.map((domain) => ({ value: domain.id, label: domain.hostname }))}
              placeholder={t('allDomains')}
              data-testid="collaborator-domains-select"
            />
          </Form.Item>
        )}
        {!multiDomain && (
          <Typography.Paragraph type="secondary">{t('singleDomainHint')}</Typography.Paragraph>
        )}
      </Form>
    </Drawer>
  );
}
