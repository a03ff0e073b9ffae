// The learner's checkout (issue 23): read it, confirm the provider's signed callback, or give it up.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout, CheckoutCallback } from '#shared/payments.ts';
import { api } from '#web/lib/api-client.ts';
import { bookingKeys, moneyKeys } from '#web/features/query-keys/keys.ts';

export const getCheckoutQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: moneyKeys.checkout(bookingId),
    queryFn: () => api.get<Checkout>(`/api/sessions/${bookingId}/checkout`),
    retry: false,
  });

export const useCheckout = (bookingId: string, enabled: boolean) =>
  useQuery({ ...getCheckoutQueryOptions(bookingId), enabled });

interface CheckoutAnswer {
  message: string;
  bookingId: string;
}

export function useConfirmCheckout(bookingId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (callback: CheckoutCallback) =>
      api.post<CheckoutAnswer>(`/api/sessions/${bookingId}/checkout/confirm`, callback),
    onSuccess: () => qc.invalidateQueries({ queryKey: bookingKeys.mine }),
  });
}

export function useAbandonCheckout(bookingId: string) {
  return useMutation({
    mutationFn: (outcome: 'closed' | 'failed') =>
      api.post<CheckoutAnswer>(`/api/sessions/${bookingId}/checkout/abandon`, { outcome }),
  });
}
