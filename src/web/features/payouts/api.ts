// Payout details (issue 24): the masked details of the workspace's shark, and the shark's own change.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetails, PayoutDetailsValues } from '#shared/payouts.ts';
import { api } from '#web/lib/api-client.ts';
import { payoutKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

const PATH = '/api/workspace/payout-details';

export const getPayoutDetailsQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: payoutKeys.details(sharkId),
    queryFn: () => api.get<PayoutDetails>(withSharkId(PATH, sharkId)),
  });
export const usePayoutDetails = (sharkId?: string) => useQuery(getPayoutDetailsQueryOptions(sharkId));

/** Only the shark itself saves (an admin is refused), so this call names no shark. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PayoutDetailsValues) => api.put<PayoutDetails & { message: string }>(PATH, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutKeys.details(), { details: saved.details });
    },
  });
}
