// The finance console's calls (issue 24, decision 142): payments, refunds, balances, the trial balance, a manual
// refund, a failed refund's retry and a correction by reversal (decision 208). Every key starts with
// financeKeys.all, so a change refreshes them all.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FinancePaymentPage,
  FinanceRefundPage,
  ManualRefundInput,
  PayeeBalancePage,
  ReversalInput,
  ReversalResult,
  TrialBalance,
} from '#shared/finance.ts';
import type { RefundStatus } from '#shared/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { financeKeys } from '#web/features/query-keys/keys.ts';

type Msg = { message: string };

export const usePaymentSearch = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: financeKeys.payments(q, page),
      queryFn: () => api.get<FinancePaymentPage>('/api/admin/finance/payments', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useRefundSearch = (q: string, status: RefundStatus | '', page: number) =>
  useQuery(
    queryOptions({
      queryKey: financeKeys.refunds(q, status, page),
      queryFn: () =>
        api.get<FinanceRefundPage>('/api/admin/finance/refunds', { q, status, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useBalanceSearch = (q: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: financeKeys.balances(q, page),
      queryFn: () => api.get<PayeeBalancePage>('/api/admin/finance/balances', { q, page: String(page) }),
      placeholderData: keepPreviousData,
    }),
  );

export const useTrialBalance = () =>
  useQuery(
    queryOptions({
      queryKey: financeKeys.trialBalance,
      queryFn: () => api.get<TrialBalance>('/api/admin/finance/trial-balance'),
    }),
  );

/** An admin's refund of an amount of a payment (audit-logged); refreshes every finance list. */
export function useManualRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, ...body }: ManualRefundInput & { paymentId: string }) =>
      api.post<Msg & { refundId: string }>(`/api/admin/finance/payments/${paymentId}/refund`, body),
    onSettled: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** A failed refund sent to the provider again. */
export function useRetryRefund() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (refundId: string) => api.post<Msg>(`/api/admin/refunds/${refundId}/retry`),
    onSettled: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}

/** An admin's correction: the reversal of a posting by its key (audit-logged); refreshes every finance list. */
export function useReversal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReversalInput) => api.post<ReversalResult>('/api/admin/finance/reversals', body),
    onSettled: () => qc.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
