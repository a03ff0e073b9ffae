// Payouts (issue 24): the masked payout details of the workspace's shark and the shark's own change; the shark's
// payouts; the admin's batch, its bank file, and each payout marked paid or failed.
import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  AdminPayoutPage,
  PayoutDetails,
  PayoutDetailsValues,
  PayoutPage,
  PayoutRun,
  PayoutStatus,
} from '#shared/payouts.ts';
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

// ---- Payouts (decision 137) ----

/** The workspace shark's payouts, newest first, a page at a time. */
export const usePayouts = (sharkId?: string) =>
  useInfiniteQuery({
    queryKey: payoutKeys.mine(sharkId),
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.get<PayoutPage>(withSharkId('/api/workspace/payouts', sharkId), { page: String(pageParam) }),
    getNextPageParam: (last, all) =>
      all.reduce((n, p) => n + p.items.length, 0) < last.total ? all.length + 1 : undefined,
  });

export interface AdminPayoutQuery {
  period?: string;
  status?: PayoutStatus;
  q?: string;
  page: number;
}

export const useAdminPayouts = (query: AdminPayoutQuery) =>
  useQuery({
    queryKey: payoutKeys.batch(query),
    queryFn: () =>
      api.get<AdminPayoutPage>(
        '/api/admin/payouts',
        Object.fromEntries(
          Object.entries(query)
            .filter(([, v]) => v !== undefined && v !== '')
            .map(([k, v]) => [k, String(v)]),
        ),
      ),
    placeholderData: keepPreviousData,
  });

/** The bank-upload file of a period: a plain download (the browser saves it; the server marks the batch sent). */
export const bankFileUrl = (period: string) =>
  `/api/admin/payouts/bank-file?period=${encodeURIComponent(period)}`;

function useRefreshPayouts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: payoutKeys.admin });
}

export function useRunPayouts() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: () => api.post<PayoutRun>('/api/admin/payouts/run'),
    onSuccess: refresh,
  });
}

export function useMarkPayoutPaid() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ id, utr }: { id: string; utr: string }) =>
      api.post<{ message: string }>(`/api/admin/payouts/${id}/paid`, { utr }),
    onSuccess: refresh,
  });
}

export function useMarkPayoutFailed() {
  const refresh = useRefreshPayouts();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<{ message: string }>(`/api/admin/payouts/${id}/failed`, { reason }),
    onSuccess: refresh,
  });
}
