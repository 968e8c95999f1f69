import { App, Button, Card, Empty, Form, Input, Skeleton, Space, Table, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api/api-result';
import type { SettingRows } from '../api/settings-api';
import { useDeleteColumn, useSettingsList } from './settings-list-parts';

/** One row of a settings list: its id and the text the user entered. */
export interface SettingRow {
  id: string;
  value: string;
}

interface SettingListCardProps<T extends { id: string }> {
  testId: string;
  title: string;
  description: string;
  valueLabel: string;
  placeholder: string;
  queryKey: readonly unknown[];
  fetchRows: () => Promise<SettingRows<T>>;
  toRow: (item: T) => SettingRow;
  add: (value: string) => Promise<ApiResult<unknown>>;
  remove: (ids: string[]) => Promise<ApiResult<unknown>>;
  /** A first check in the browser; the server checks again and its message wins. */
  validate?: (value: string) => string | undefined;
  maxLength: number;
}

/**
 * A project settings list (spec §3: "each with id and totalCount"): a table of the values
 * with a delete button per row, and an add form. Failures show the server's own message (the API
 * client's toast); success shows the server's message too.
 */
export function SettingListCard<T extends { id: string }>(props: SettingListCardProps<T>) {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ value: string }>();
  const { list, refresh, remove } = useSettingsList(props.queryKey, props.fetchRows, props.remove);
  const deleteColumn = useDeleteColumn<SettingRow>(remove, (row) => row.value);

  const add = useMutation({
    mutationFn: (value: string) => props.add(value),
    onSuccess: async (result) => {
      if (!result.success) return;
      void message.success(result.message);
      form.resetFields();
      await refresh();
    },
  });
  const rows = (list.data?.rows ?? []).map(props.toRow);
  return (
    <Card title={props.title} data-testid={props.testId}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {props.description}
        </Typography.Paragraph>
        <Form
          form={form}
          layout="inline"
          onFinish={(values) => add.mutate(values.value.trim())}
          aria-label={props.title}
        >
          <Form.Item
            name="value"
            label={props.valueLabel}
            rules={[
              { required: true, whitespace: true, message: t('list.required') },
              { max: props.maxLength, message: t('list.tooLong', { max: props.maxLength }) },
              {
                validator: (_rule, value: string | undefined) => {
                  const problem = value ? props.validate?.(value.trim()) : undefined;
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              placeholder={props.placeholder}
              style={{ minWidth: 280 }}
              data-testid={`${props.testId}-input`}
            />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              loading={add.isPending}
              data-testid={`${props.testId}-add`}
            >
              {t('list.add')}
            </Button>
          </Form.Item>
        </Form>
        {list.isLoading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : (
          <Table<SettingRow>
            rowKey="id"
            size="small"
            dataSource={rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true, total: list.data?.totalCount ?? 0 }}
            locale={{ emptyText: <Empty description={t('list.empty')} /> }}
            footer={() => t('list.total', { count: list.data?.totalCount ?? 0 })}
            columns={[
              {
                title: props.valueLabel,
                dataIndex: 'value',
                render: (value: string) => <Typography.Text>{value}</Typography.Text>,
              },
              deleteColumn,
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
