// /shark/edit-profile: the shark's public profile, photo, published toggle and courses on one page.
// An admin first picks the shark to act for (?sharkId=).
import { MSG } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { useSharkProfile } from '../../api/workspace';
import { ErrorState } from '../../components/error-state';
import { Skeleton } from '../../components/skeleton';
import { CourseManager } from '../../features/workspace/course-manager';
import { ProfileForm } from '../../features/workspace/profile-form';
import { WorkspaceShell } from '../../features/workspace/workspace-shell';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

export default function EditProfilePage() {
  useDocumentTitle('Edit shark profile');
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
          <p className="muted mt-2 text-sm">{MSG.calendarComingSoon}</p>
        </section>
      </div>
    </div>
  );
}
