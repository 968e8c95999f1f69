import { Button, Drawer, Flex, Form, Input, Select } from 'antd';
import { ORGANISATION_PLAN_VALUES, type NewOrganisationRequest } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useCreateOrganisation } from '../api/organisations-queries';

interface NewOrganisationDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** A super admin creates an organisation together with its first organisation admin. */
export function NewOrganisationDrawer({ open, onClose }: NewOrganisationDrawerProps) {
  const { t } = useTranslation('organisations');
  const [form] = Form.useForm<NewOrganisationRequest>();
  const create = useCreateOrganisation();

  const handleFinish = async (values: NewOrganisationRequest) => {
    const created = await create.mutateAsync({
      ...values,
      ...(values.password ? {} : { password: undefined }),
      ...(values.phone ? {} : { phone: undefined }),
    });
    appToaster.success(t('create.done', { name: created.organisation.name }));
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('create.title')}
      size="large"
      destroyOnHidden
      data-testid="new-organisation-drawer"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button
            type="primary"
            loading={create.isPending}
            onClick={() => form.submit()}
            data-testid="new-organisation-submit"
          >
            {t('create.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<NewOrganisationRequest>
        form={form}
        layout="vertical"
        initialValues={{ plan: 'paid' }}
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
        requiredMark
      >
        <Form.Item
          name="organisation"
          label={t('create.organisation')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input data-testid="new-organisation-name" maxLength={200} />
        </Form.Item>
        <Form.Item name="plan" label={t('form.plan')}>
          <Select
            data-testid="new-organisation-plan"
            options={ORGANISATION_PLAN_VALUES.map((plan) => ({ value: plan, label: t(`plans.${plan}`) }))}
          />
        </Form.Item>
        <Form.Item name="name" label={t('create.adminName')} rules={[{ required: true, whitespace: true }]}>
          <Input data-testid="new-organisation-admin-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label={t('create.adminEmail')} rules={[{ required: true, type: 'email' }]}>
          <Input data-testid="new-organisation-admin-email" type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="password" label={t('create.adminPassword')} extra={t('create.adminPasswordHint')}>
          <Input.Password
            data-testid="new-organisation-admin-password"
            autoComplete="new-password"
            maxLength={128}
          />
        </Form.Item>
        <Form.Item name="phone" label={t('create.adminPhone')}>
          <Input data-testid="new-organisation-admin-phone" maxLength={11} inputMode="tel" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
