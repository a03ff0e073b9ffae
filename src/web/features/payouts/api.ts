// Payouts (issue 24): the masked payout details of the workspace's shark and the shark's own change; the shark's
// payouts; a freelancer's own details and payouts (issue 27); the admin's batch, its bank file, and each payout
// marked paid or failed.
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

/**
 * Whose payout details and payouts: the workspace's shark (an admin names it with sharkId), or the signed-in
 * freelancer's own (issue 27; the server takes the account from the session, so no id travels).
 */
export type PayoutOwner = { kind: 'shark'; sharkId?: string } | { kind: 'freelancer' };

const ownerKey = (owner: PayoutOwner) => (owner.kind === 'freelancer' ? 'freelancer' : owner.sharkId);
const base = (owner: PayoutOwner) => (owner.kind === 'freelancer' ? '/api/freelancer' : '/api/workspace');
const forOwner = (owner: PayoutOwner, path: string) =>
  owner.kind === 'freelancer' ? `${base(owner)}${path}` : withSharkId(`${base(owner)}${path}`, owner.sharkId);

/** An admin reading a shark's details may not change them; the payee itself may. */
export const isReadOnly = (owner: PayoutOwner) => owner.kind === 'shark' && owner.sharkId !== undefined;

export const getPayoutDetailsQueryOptions = (owner: PayoutOwner) =>
  queryOptions({
    queryKey: payoutKeys.details(ownerKey(owner)),
    queryFn: () => api.get<PayoutDetails>(forOwner(owner, '/payout-details')),
  });
export const usePayoutDetails = (owner: PayoutOwner) => useQuery(getPayoutDetailsQueryOptions(owner));

/** Only the payee itself saves (an admin is refused), so this call names no shark. */
export function useSavePayoutDetails(owner: PayoutOwner) {
  const queryClient = useQueryClient();
  const self: PayoutOwner = owner.kind === 'freelancer' ? owner : { kind: 'shark' };
  return useMutation({
    mutationFn: (values: PayoutDetailsValues) =>
      api.put<PayoutDetails & { message: string }>(forOwner(self, '/payout-details'), values),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutKeys.details(ownerKey(self)), { details: saved.details });
    },
  });
}

// ---- Payouts (decision 137) ----

/** The payee's payouts, newest first, a page at a time. */
export const usePayouts = (owner: PayoutOwner) =>
  useInfiniteQuery({
    queryKey: payoutKeys.mine(ownerKey(owner)),
    initialPageParam: 1,
    queryFn: ({ pageParam }) => api.get<PayoutPage>(forOwner(owner, '/payouts'), { page: String(pageParam) }),
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
