// Client requests (issue 27): a client's own requests, one request, its state changes and invitations.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyRequest, RequestData, RequestDetail, RequestStatus } from '#shared/client-requests.ts';
import { api } from '#web/lib/api-client.ts';
import { requestKeys } from '#web/features/query-keys/keys.ts';

type Message = { message: string };

export const getMyRequestsQueryOptions = () =>
  queryOptions({ queryKey: requestKeys.mine, queryFn: () => api.get<MyRequest[]>('/api/requests') });
export const useMyRequests = () => useQuery(getMyRequestsQueryOptions());

export const getRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: () => api.get<RequestDetail>(`/api/requests/${encodeURIComponent(id)}`),
  });
export const useRequest = (id: string) => useQuery(getRequestQueryOptions(id));

export const useInvitableRequests = (enabled = true) =>
  useQuery({
    queryKey: requestKeys.invitable,
    queryFn: () => api.get<{ id: string; title: string; status: RequestStatus }[]>('/api/requests/invitable'),
    enabled,
  });

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestData & { publish: boolean }) =>
      api.post<{ id: string; message: string }>('/api/requests', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useRequestTransition(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (to: 'open' | 'closed' | 'cancelled') =>
      api.post<Message>(`/api/requests/${encodeURIComponent(id)}/status`, { to }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, freelancerId }: { requestId: string; freelancerId: string }) =>
      api.post<Message>(`/api/requests/${encodeURIComponent(requestId)}/invitations`, { freelancerId }),
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: requestKeys.detail(v.requestId) }),
  });
}
