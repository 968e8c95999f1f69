import { App, Button, Popconfirm, Typography, type TableColumnType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiResult } from '../../../lib/api/api-result';
import type { SettingRows } from '../api/settings-api';

/**
 * The list of one settings card and its delete call (spec §3: "each with id and totalCount").
 * Both refresh the list when done; success shows the server's own message, failures the API
 * client's toast.
 */
export function useSettingsList<T>(
  queryKey: readonly unknown[],
  fetchRows: () => Promise<SettingRows<T>>,
  removeIds: (ids: string[]) => Promise<ApiResult<unknown>>,
) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey, queryFn: fetchRows });
  const refresh = () => queryClient.invalidateQueries({ queryKey });
  const remove = useMutation({
    mutationFn: (id: string) => removeIds([id]),
    onSuccess: async (result) => {
      if (result.success) void message.success(result.message);
      await refresh();
    },
  });
  return { list, refresh, remove };
}

/** The first and last columns of every settings table: the row's id, and delete after a confirmation. */
export function useIdAndDeleteColumns<T extends { id: string }>(
  remove: UseMutationResult<ApiResult<unknown>, Error, string>,
  describe: (row: T) => string,
): { idColumn: TableColumnType<T>; deleteColumn: TableColumnType<T> } {
  const { t } = useTranslation('settings');
  return {
    idColumn: {
      title: t('list.id'),
      dataIndex: 'id',
      width: 180,
      render: (id: string) => <Typography.Text code>{id}</Typography.Text>,
    },
    deleteColumn: {
      title: t('list.actions'),
      key: 'actions',
      width: 100,
      render: (_value, row) => (
        <Popconfirm
          title={t('list.deleteConfirm')}
          okText={t('list.delete')}
          cancelText={t('list.cancel')}
          onConfirm={() => remove.mutate(row.id)}
        >
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('list.deleteValue', { value: describe(row) })}
            loading={remove.isPending && remove.variables === row.id}
          />
        </Popconfirm>
      ),
    },
  };
}
