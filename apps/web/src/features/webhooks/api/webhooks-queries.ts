import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { webhooksApi } from './webhooks-api';

/** Query keys of the webhooks feature; invalidating `all` refreshes endpoints and deliveries. */
export const webhooksKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (endpointId: string, pageNumber: number) =>
    ['webhooks', 'deliveries', endpointId, pageNumber] as const,
};

/** How often the deliveries table asks again while a delivery waits for a retry. */
const PENDING_REFRESH_MS = 3_000;

export const useWebhookEndpoints = () => useQuery({ queryKey: webhooksKeys.list, queryFn: webhooksApi.list });

export const useWebhookDeliveries = (endpointId: string, pageNumber: number, pageSize: number) =>
  useQuery({
    queryKey: webhooksKeys.deliveries(endpointId, pageNumber),
    queryFn: () => webhooksApi.deliveries(endpointId, pageNumber, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });

function useInvalidatingMutation<TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
  });
}

export const useCreateWebhook = () => useInvalidatingMutation(webhooksApi.create);
export const useSetWebhookActive = () =>
  useInvalidatingMutation(({ endpointId, isActive }: { endpointId: string; isActive: boolean }) =>
    webhooksApi.setActive(endpointId, isActive),
  );
export const useDeleteWebhook = () => useInvalidatingMutation(webhooksApi.remove);
export const useSendWebhookTest = () => useInvalidatingMutation(webhooksApi.sendTest);
