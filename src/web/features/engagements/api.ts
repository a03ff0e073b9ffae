// Engagements (issue 27): one engagement, the client's rules-of-engagement acknowledgement, its thread, and the
// caller's list.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Engagement, EngagementCard } from '#shared/engagements.ts';
import { api } from '#web/lib/api-client.ts';
import { engagementKeys } from '#web/features/query-keys/keys.ts';

type Message = { message: string };
const enc = encodeURIComponent;

export const getEngagementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: engagementKeys.detail(id),
    queryFn: () => api.get<Engagement>(`/api/engagements/${enc(id)}`),
  });
export const useEngagement = (id: string) => useQuery(getEngagementQueryOptions(id));

export const getMyEngagementsQueryOptions = () =>
  queryOptions({
    queryKey: engagementKeys.mine,
    queryFn: () => api.get<EngagementCard[]>('/api/engagements'),
  });
export const useMyEngagements = () => useQuery(getMyEngagementsQueryOptions());

function useEngagementMutation<T>(fn: (v: T) => Promise<Message>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
  });
}

export const useAcknowledgeRoe = (id: string) =>
  useEngagementMutation(() => api.post<Message>(`/api/engagements/${enc(id)}/roe`, { acknowledge: true }));
export const useSendEngagementMessage = (id: string) =>
  useEngagementMutation((body: string) =>
    api.post<Message>(`/api/engagements/${enc(id)}/messages`, { body }),
  );
