import { useEffect } from 'react';
import { Button, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import { ORGANISATION_ROLES, ROLE_LABELS, type Role, type UserSummary } from '@bhasha/contract';
import { useTranslation } from 'react-i18next';
import { appToaster } from '../../../lib/api/app-toaster';
import { useOrganisationNames } from '../../organisations/api/organisations-queries';
import { useCreateUser, useUpdateUser } from '../api/users-queries';

interface UserFormValues {
  name: string;
  email: string;
  phone?: string;
  role: Role;
  password: string;
  organisationId?: string | null;
  nmtEnabled: boolean;
}

interface UserFormDrawerProps {
  open: boolean;
  /** The user to edit; null creates one. */
  user: UserSummary | null;
  /** Roles the caller may give, least powerful first (from the server's abilities). */
  creatableRoles: readonly Role[];
  /** Super admins choose (and change) the organisation. */
  canChooseOrganisation: boolean;
  onClose: () => void;
}

/** Create or edit a user: role choice limited to what the server lets the caller give. */
export function UserFormDrawer({
  open,
  user,
  creatableRoles,
  canChooseOrganisation,
  onClose,
}: UserFormDrawerProps) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<UserFormValues>();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const organisations = useOrganisationNames(open && canChooseOrganisation);
  const role = Form.useWatch('role', form);
  const needsOrganisation = role !== undefined && ORGANISATION_ROLES.includes(role);
  const isEdit = user !== null;
  const roleOptions = [...new Set([...(user ? [user.role] : []), ...creatableRoles])].map((role) => ({
    value: role,
    label: ROLE_LABELS[role],
    disabled: !creatableRoles.includes(role),
  }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (user)
      form.setFieldsValue({
        name: user.name,
        email: user.email,
        phone: user.phone ?? '',
        role: user.role,
        organisationId: user.organisationId,
        nmtEnabled: user.nmtEnabled,
      });
  }, [open, user, form]);

  const handleFinish = async (values: UserFormValues) => {
    if (user) {
      const updateObj: Record<string, unknown> = {
        name: values.name,
        phone: values.phone ?? '',
        nmtEnabled: values.nmtEnabled,
      };
      if (values.role !== user.role) updateObj.role = values.role;
      if (values.email !== user.email) updateObj.email = values.email;
      if (canChooseOrganisation && (values.organisationId ?? null) !== user.organisationId)
        updateObj.organisationId = values.organisationId ?? null;
      await updateUser.mutateAsync({ userId: user.id, updateObj });
      appToaster.success(t('form.updated', { name: values.name }));
    } else {
      await createUser.mutateAsync({
        ...values,
        phone: values.phone ?? '',
        organisationId: values.organisationId ?? null,
      });
      appToaster.success(t('form.created', { name: values.name }));
    }
    onClose();
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={isEdit ? t('form.editTitle', { name: user.name }) : t('form.createTitle')}
      size="large"
      destroyOnHidden
      data-testid="user-form-drawer"
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button
            type="primary"
            loading={createUser.isPending || updateUser.isPending}
            onClick={() => form.submit()}
            data-testid="user-form-submit"
          >
            {isEdit ? t('form.submitEdit') : t('form.submitCreate')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ nmtEnabled: true, role: creatableRoles[0] }}
        onFinish={(values) => void handleFinish(values).catch(() => undefined)}
        requiredMark
      >
        <Form.Item name="name" label={t('form.name')} rules={[{ required: true, whitespace: true }]}>
          <Input data-testid="user-form-name" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label={t('form.email')} rules={[{ required: true, type: 'email' }]}>
          <Input data-testid="user-form-email" type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="phone" label={t('form.phone')}>
          <Input data-testid="user-form-phone" maxLength={11} inputMode="tel" />
        </Form.Item>
        <Form.Item name="role" label={t('form.role')} rules={[{ required: true }]}>
          {/* A short fixed list: every role rendered, none hidden behind virtual scrolling. */}
          <Select data-testid="user-form-role" options={roleOptions} virtual={false} />
        </Form.Item>
        {isEdit ? null : (
          <Form.Item
            name="password"
            label={t('form.password')}
            extra={t('form.passwordHint')}
            rules={[{ required: true }, { min: 8 }]}
          >
            <Input.Password data-testid="user-form-password" autoComplete="new-password" maxLength={128} />
          </Form.Item>
        )}
        {canChooseOrganisation ? (
          <Form.Item
            name="organisationId"
            label={t('form.organisation')}
            extra={t('form.organisationHint')}
            rules={[{ required: needsOrganisation, message: t('form.organisationRequired') }]}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={organisations.isLoading}
              options={(organisations.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
              data-testid="user-form-organisation"
            />
          </Form.Item>
        ) : null}
        <Form.Item name="nmtEnabled" label={t('form.nmtEnabled')} valuePropName="checked">
          <Switch data-testid="user-form-nmt" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
