// The follow heart on shark cards and profiles: toggles at once (optimistic), persists through the API,
// and reads the same cached follow list everywhere, so it survives reloads and agrees across the page.
import type { MouseEvent } from 'react';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useMyFollows, useSetFollow } from './api';
import { useSession } from '#web/features/viewer/api.ts';
import { useToast } from '#web/components/toast.tsx';
import { FOLLOW_MSG } from '#shared/follows-texts.ts';

export function FollowHeart({ sharkId, sharkName }: { sharkId: string; sharkName: string }) {
  const session = useSession();
  const follows = useMyFollows(session.isSignedIn);
  const setFollow = useSetFollow();
  const toast = useToast();
  const following = session.isSignedIn && (follows.data?.sharkIds.includes(sharkId) ?? false);

  const onClick = (e: MouseEvent<HTMLButtonElement>) => {
    // The heart sits on a card whose whole surface links to the profile: a press here only follows.
    e.preventDefault();
    e.stopPropagation();
    if (!session.isSignedIn) {
      toast(FOLLOW_MSG.loginToFollow, 'info');
      return;
    }
    setFollow.mutate(
      { sharkId, following: !following },
      {
        onError: (err) =>
          toast(
            err instanceof ApiError && err.status === 401 ? FOLLOW_MSG.loginToFollow : errorMessage(err),
            'error',
          ),
      },
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={following}
      aria-label={`Follow ${sharkName}`}
      title={following ? `Unfollow ${sharkName}` : `Follow ${sharkName}`}
      data-testid="follow-heart"
      className={`grid h-11 w-11 shrink-0 place-items-center rounded-full transition hover:scale-110 motion-reduce:transition-none motion-reduce:hover:scale-100 ${
        following ? 'text-danger-400' : 'text-ink-300 hover:text-danger-400'
      }`}
    >
      <svg
        viewBox="0 0 24 24"
        width="22"
        height="22"
        aria-hidden="true"
        fill={following ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path
          strokeLinejoin="round"
          d="M12 20.5s-7.5-4.6-9.3-9.1C1.5 8.3 3.4 4.8 6.8 4.5c2-.2 3.8.9 5.2 2.7 1.4-1.8 3.2-2.9 5.2-2.7 3.4.3 5.3 3.8 4.1 6.9-1.8 4.5-9.3 9.1-9.3 9.1z"
        />
      </svg>
    </button>
  );
}
