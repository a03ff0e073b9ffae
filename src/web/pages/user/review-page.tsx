// /sessions/:id/review: the learner reviews a completed session (or edits the review for 7 days). Anyone else
// gets "Session not found." from the API.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { FollowButton } from '#web/features/follows/follow-button.tsx';
import { SessionReview } from '#web/features/reviews/session-review.tsx';

export default function ReviewPage() {
  useDocumentTitle(ROUTES.user.review.title);
  return <SessionReview nextSteps={(shark) => <FollowButton sharkId={shark.id} sharkName={shark.name} />} />;
}
