import {
  App,
  Button,
  Card,
  Empty,
  Form,
  InputNumber,
  Select,
  Skeleton,
  Space,
  Table,
  Typography,
} from 'antd';
import {
  CUSTOM_FONT_SIZE_RANGE,
  getLanguageName,
  type CustomFontSizeItem,
  type LanguageCode,
} from '@bhasha/contract';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { settingsApi } from '../api/settings-api';
import { settingsKeys } from '../api/settings-keys';
import { useDeleteColumn, useSettingsList } from './settings-list-parts';

/** custom-font-size: one root font size per language of the project, while the page is shown in it. */
export function FontSizesCard({ projectId, languages }: { projectId: string; languages: readonly string[] }) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ language: LanguageCode; fontSize: number }>();
  const { list, refresh, remove } = useSettingsList(
    settingsKeys.fontSizes(projectId),
    () => settingsApi.fontSizes(projectId),
    (ids) => settingsApi.deleteFontSizes(projectId, ids),
  );
  const deleteColumn = useDeleteColumn<CustomFontSizeItem>(remove, (row) => getLanguageName(row.language));
  const save = useMutation({
    mutationFn: (values: { language: LanguageCode; fontSize: number }) =>
      settingsApi.saveFontSize(projectId, values.language, values.fontSize),
    onSuccess: async (result) => {
      if (!result.success) return;
      void message.success(result.message);
      form.resetFields();
      await refresh();
    },
  });

  return (
    <Card title={t('fontSizes.title')} data-testid="font-sizes-card">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('fontSizes.description')}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => save.mutate(values)}
          aria-label={t('fontSizes.title')}
        >
          <Form.Item
            name="language"
            label={t('fontSizes.language')}
            rules={[{ required: true, message: t('fontSizes.languageRequired') }]}
          >
            <Select
              style={{ minWidth: 180 }}
              data-testid="font-size-language"
              options={languages.map((code) => ({ value: code, label: getLanguageName(code) }))}
            />
          </Form.Item>
          <Form.Item
            name="fontSize"
            label={t('fontSizes.size')}
            rules={[
              {
                required: true,
                type: 'integer',
                min: CUSTOM_FONT_SIZE_RANGE.min,
                max: CUSTOM_FONT_SIZE_RANGE.max,
                message: t('fontSizes.range', CUSTOM_FONT_SIZE_RANGE),
              },
            ]}
          >
            <InputNumber
              min={CUSTOM_FONT_SIZE_RANGE.min}
              max={CUSTOM_FONT_SIZE_RANGE.max}
              precision={0}
              suffix="px"
              data-testid="font-size-value"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="font-size-save">
              {t('fontSizes.save')}
            </Button>
          </Form.Item>
        </Form>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 2 }} />
        ) : (
          <Table<CustomFontSizeItem>
            rowKey="id"
            size="small"
            dataSource={list.data?.rows ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={t('fontSizes.empty')} /> }}
            footer={() => t('list.total', { count: list.data?.totalCount ?? 0 })}
            columns={[
              {
                title: t('fontSizes.language'),
                dataIndex: 'language',
                render: (code: string) => getLanguageName(code),
              },
              {
                title: t('fontSizes.size'),
                dataIndex: 'fontSize',
                render: (size: number) => t('fontSizes.pixels', { size }),
              },
              deleteColumn,
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
