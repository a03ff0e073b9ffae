// /shark/edit-profile: the shark's public profile, photo, published toggle and courses on one page.
// An admin first picks the shark to act for (?sharkId=).
import { errorMessage } from '#web/lib/api-client.ts';
import { useSharkProfile } from '#web/features/acting-shark/api.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { CourseManager } from '#web/features/courses/course-manager.tsx';
import { MeetingRoomSection } from '#web/features/meeting-rooms/meeting-room-form.tsx';
import { ProfileForm } from '#web/features/workspace/profile-form.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { Link } from 'react-router';

export default function EditProfilePage() {
  useDocumentTitle(ROUTES.shark.editProfile.title);
  return (
    <WorkspaceShell
      title="Edit profile"
      intro="Your public profile and the courses learners can book."
      link={{ to: paths.shark.enrollments, label: 'Student enrollments' }}
    >
      {(sharkId) => <Workspace sharkId={sharkId} />}
    </WorkspaceShell>
  );
}

function Workspace({ sharkId }: { sharkId?: string }) {
  const profile = useSharkProfile(sharkId);
  if (profile.isPending) {
    return (
      <div className="grid gap-6 lg:grid-cols-2" role="status" aria-label="Loading profile">
        <Skeleton className="h-96" />
        <Skeleton className="h-96" />
      </div>
    );
  }
  if (profile.isError)
    return <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <ProfileForm key={profile.data.id ?? 'draft'} profile={profile.data} sharkId={sharkId} />
      <div className="flex flex-col gap-6">
        <CourseManager sharkId={sharkId} canAdd={profile.data.id !== null} />
        <section aria-labelledby="availability-title" className="glass p-5 sm:p-6">
          <h2 id="availability-title" className="text-lg font-semibold text-ink-100">
            Availability
          </h2>
          <p className="muted mt-2 text-sm">{AVAILABILITY_MSG.workspaceLink}</p>
          <Link className="btn-ghost mt-3" to={withSharkId(paths.shark.availability, sharkId)}>
            Edit availability
          </Link>
        </section>
        <MeetingRoomSection sharkId={sharkId} />
      </div>
    </div>
  );
}
