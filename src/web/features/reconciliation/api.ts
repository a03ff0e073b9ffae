// The reconciliation's exceptions (issue 24): a page of open or resolved ones, and an admin's resolution with a
// note (which the audit log keeps too, so the console's log is refreshed with the list).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ReconciliationException,
  ReconciliationPage,
  ReconciliationStatus,
} from '#shared/reconciliation.ts';
import { api } from '#web/lib/api-client.ts';
import { consoleKeys, reconciliationKeys } from '#web/features/query-keys/keys.ts';

const PATH = '/api/admin/reconciliation/exceptions';

export const getExceptionsQueryOptions = (status: ReconciliationStatus, page: number) =>
  queryOptions({
    queryKey: reconciliationKeys.page(status, page),
    queryFn: () => api.get<ReconciliationPage>(PATH, { status, page: String(page) }),
    placeholderData: keepPreviousData,
  });
export const useExceptions = (status: ReconciliationStatus, page: number) =>
  useQuery(getExceptionsQueryOptions(status, page));

export function useResolveException() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      api.post<{ message: string; exception: ReconciliationException }>(`${PATH}/${id}/resolve`, { note }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reconciliationKeys.all }),
        queryClient.invalidateQueries({ queryKey: consoleKeys.all }),
      ]),
  });
}
