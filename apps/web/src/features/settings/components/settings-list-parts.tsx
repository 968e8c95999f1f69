import { App, Button, Popconfirm, type TableColumnType } from 'antd';
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

/**
 * The last column of every settings table: delete after a confirmation. Rows are named by what
 * the user entered; their ids are internal and never shown.
 */
export function useDeleteColumn<T extends { id: string }>(
  remove: UseMutationResult<ApiResult<unknown>, Error, string>,
  describe: (row: T) => string,
): TableColumnType<T> {
  const { t } = useTranslation('settings');
  return {
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
  };
}
