// Follows on the web side: which sharks the caller follows, and the heart's follow/unfollow.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FollowState, MyFollows } from '#shared/follows.ts';
import { api } from '#web/lib/api-client.ts';
import { followKeys } from '#web/features/query-keys/keys.ts';

export const getMyFollows = () => api.get<MyFollows>('/api/me/follows');

export const getMyFollowsQueryOptions = () =>
  queryOptions({ queryKey: followKeys.mine, queryFn: getMyFollows, staleTime: 60_000 });

/** Only asked when signed in: a visitor follows nobody. */
export const useMyFollows = (enabled: boolean) => useQuery({ ...getMyFollowsQueryOptions(), enabled });

export const setFollow = (sharkId: string, following: boolean) =>
  following
    ? api.put<FollowState>(`/api/follows/${encodeURIComponent(sharkId)}`)
    : api.delete<FollowState>(`/api/follows/${encodeURIComponent(sharkId)}`);

/**
 * Optimistic: the heart (and Liked Sharks) change at once; a failure puts the previous state back.
 * Every heart on the page reads the same cached ids, so a shark's hearts never disagree.
 */
export function useSetFollow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sharkId, following }: { sharkId: string; following: boolean }) =>
      setFollow(sharkId, following),
    onMutate: async ({ sharkId, following }) => {
      await qc.cancelQueries({ queryKey: followKeys.mine });
      const previous = qc.getQueryData<MyFollows>(followKeys.mine);
      qc.setQueryData<MyFollows>(followKeys.mine, (old) => {
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
      if (ctx?.previous) qc.setQueryData(followKeys.mine, ctx.previous);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: followKeys.mine }),
  });
}
