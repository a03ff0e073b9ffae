// The admin console's delivery log: every mail with its status, failures first, and a retry for a failed one.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailLogPage } from '#shared/mail.ts';
import { api } from '#web/lib/api-client.ts';
import { mailKeys } from '#web/features/query-keys/keys.ts';

export const getMailLogQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: mailKeys.page(q, page),
    queryFn: () => api.get<MailLogPage>('/api/admin/mail', { q, page: String(page) }),
    placeholderData: keepPreviousData,
  });

export const useMailLog = (q: string, page: number) => useQuery(getMailLogQueryOptions(q, page));

export const retryMail = (id: string) => api.post<{ message: string }>(`/api/admin/mail/${id}/retry`);

export function useRetryMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryMail,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.all }),
  });
}
