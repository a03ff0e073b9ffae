// /shark/reviews: every review of the shark, hidden ones marked, with a public reply per review. An admin picks
// the shark (?sharkId=).
import { WorkspaceReviews } from '#web/features/reviews/workspace-reviews.tsx';
import { useSharkProfile } from '#web/features/acting-shark/api.ts';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

function Reviews({ sharkId }: { sharkId?: string }) {
  const profile = useSharkProfile(sharkId);
  return <WorkspaceReviews sharkId={sharkId} sharkName={profile.data?.name ?? 'you'} />;
}

export default function SharkReviewsPage() {
  useDocumentTitle(ROUTES.shark.reviews.title);
  return (
    <WorkspaceShell
      title="Reviews"
      intro="What learners wrote after their completed sessions. Reply once to each, in public."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <Reviews sharkId={sharkId} />}
    </WorkspaceShell>
  );
}
