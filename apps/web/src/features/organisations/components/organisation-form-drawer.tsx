import { useEffect } from 'react';
import { Button, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import { ORGANISATION_PLAN_VALUES, type OrganisationSummary } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { useEditOrganisation } from '../api/organisations-queries';

interface OrganisationFormValues {
  name: string;
  website: string;
  details: string;
  plan: OrganisationSummary['plan'];
  parliamentWorkspace: boolean;
}

interface OrganisationFormDrawerProps {
  organisation: OrganisationSummary | null;
  /** Only super admins change the plan and the parliament workspace. */
  canChangePlan: boolean;
  onClose: () => void;
}

/** Edit an organisation's name, website and details (and, for super admins, its plan). */
export function OrganisationFormDrawer({
  organisation,
  canChangePlan,
  onClose,
}: OrganisationFormDrawerProps) {
  const { t } = useTranslation('organisations');
  const [form] = Form.useForm<OrganisationFormValues>();
  const edit = useEditOrganisation();

  useEffect(() => {
    if (!organisation) return;
    form.setFieldsValue({
      name: organisation.name,
      website: organisation.website ?? '',
      details: organisation.details ?? '',
      plan: organisation.plan,
      parliamentWorkspace: organisation.parliamentWorkspace,
    });
  }, [organisation, form]);

  const handleFinish = async ({ plan, parliamentWorkspace, ...values }: OrganisationFormValues) => {
    if (!organisation) return;
    await edit.mutateAsync({
      organisationId: organisation.id,
      editObject: canChangePlan ? { ...values, plan, parliamentWorkspace } : values,
    });
    onClose();
  };

  return (
    <Drawer
      open={organisation !== null}
      onClose={onClose}
      title={organisation ? t('form.editTitle', { name: organisation.name }) : ''}
      size="large"
      destroyOnHidden
      data-testid="organisation-form-drawer"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button
            type="primary"
            loading={edit.isPending}
            onClick={() => form.submit()}
            data-testid="organisation-form-submit"
          >
            {t('form.submit')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
      >
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={200} data-testid="organisation-form-name" />
        </Form.Item>
        <Form.Item name="website" label={t('form.website')}>
          <Input maxLength={2048} inputMode="url" />
        </Form.Item>
        <Form.Item name="details" label={t('form.details')}>
          <Input.TextArea maxLength={2000} rows={4} />
        </Form.Item>
        {canChangePlan ? (
          <>
            <Form.Item name="plan" label={t('form.plan')}>
              <Select
                options={ORGANISATION_PLAN_VALUES.map((value) => ({ value, label: t(`plans.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="parliamentWorkspace" label={t('form.parliament')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Drawer>
  );
}
