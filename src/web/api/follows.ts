// Follows on the web side: which sharks the caller follows, and the heart's follow/unfollow.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowState, MyFollows, NotifyResult } from '../../shared/schemas/follows';
import { api } from './client';

export const myFollowsQueryKey = ['me', 'follows'] as const;

export const getMyFollows = () => api.get<MyFollows>('/api/me/follows');

export const getMyFollowsQueryOptions = () => queryOptions({ queryKey: myFollowsQueryKey, queryFn: getMyFollows, staleTime: 60_000 });

/** Only asked when signed in: a visitor follows nobody. */
export const useMyFollows = (enabled: boolean) => useQuery({ ...getMyFollowsQueryOptions(), enabled });

export const setFollow = (sharkId: string, following: boolean) =>
  following ? api.put<FollowState>(`/api/follows/${encodeURIComponent(sharkId)}`) : api.delete<FollowState>(`/api/follows/${encodeURIComponent(sharkId)}`);

/**
 * Optimistic: the heart (and Liked Sharks) change at once; a failure puts the previous state back.
 * Every heart on the page reads the same cached ids, so a shark's hearts never disagree.
 */
export function useSetFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sharkId, following }: { sharkId: string; following: boolean }) => setFollow(sharkId, following),
    onMutate: async ({ sharkId, following }) => {
      await qc.cancelQueries({ queryKey: myFollowsQueryKey });
      const previous = qc.getQueryData<MyFollows>(myFollowsQueryKey);
      qc.setQueryData<MyFollows>(myFollowsQueryKey, (old) => {
        const base = old ?? { sharkIds: [], sharks: [] };
        const ids = base.sharkIds.filter((id) => id !== sharkId);
        return {
          sharkIds: following ? [sharkId, ...ids] : ids,
          sharks: following ? base.sharks : base.sharks.filter((s) => s.id !== sharkId),
        };
      });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(myFollowsQueryKey, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: myFollowsQueryKey }),
  });
}

export const notifyReviews = (sharkId: string) => api.post<NotifyResult>(`/api/sharks/${encodeURIComponent(sharkId)}/notify-reviews`);

export const useNotifyReviews = () => useMutation({ mutationFn: notifyReviews });
