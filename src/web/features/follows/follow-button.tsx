// A worded follow button for places without a card's heart (after a review): the same one verb pair as the heart
// and Liked Sharks, Follow and Unfollow (decision 168), on the same cached follow list.
import { errorMessage } from '#web/lib/api-client.ts';
import { useToast } from '#web/components/toast.tsx';
import { useMyFollows, useSetFollow } from './api';

export function FollowButton({ sharkId, sharkName }: { sharkId: string; sharkName: string }) {
  const follows = useMyFollows(true);
  const setFollow = useSetFollow();
  const toast = useToast();
  const following = follows.data?.sharkIds.includes(sharkId) ?? false;
  return (
    <button
      type="button"
      className="btn-ghost"
      disabled={follows.isPending || setFollow.isPending}
      onClick={() =>
        setFollow.mutate(
          { sharkId, following: !following },
          {
            onSuccess: () =>
              toast(following ? `You unfollowed ${sharkName}.` : `You follow ${sharkName}.`, 'success'),
            onError: (err) => toast(errorMessage(err), 'error'),
          },
        )
      }
    >
      {following ? `Unfollow ${sharkName}` : `Follow ${sharkName}`}
    </button>
  );
}
