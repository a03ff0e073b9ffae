// Shown at /freelancer/dashboard: the freelancer's profile at a glance and where to go next. Like the spec's original,
// the page checks the freelancer role itself too (the route guard is only one layer).
import { Link } from 'react-router';
import { ROUTES } from '#shared/routes.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFreelancerProfile } from '#web/features/freelancers/api.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#shared/routes.ts';

export function FreelancerDashboard() {
  const session = useSession();
  const isFreelancer = session.roles.includes('freelancer');
  useDocumentTitle(
    session.isPending
      ? 'Freelancer dashboard'
      : isFreelancer
        ? 'Freelancer dashboard'
        : ROUTES.unauthorized.title,
  );
  const profile = useFreelancerProfile(isFreelancer);

  if (session.isPending) return <Spinner label="Loading" />;
  if (!isFreelancer) {
    return (
      <div className="container-page py-16">
        <ErrorState
          level={1}
          title={ROUTES.unauthorized.title}
          message={COMMON_MSG.unauthorizedBody}
          action={
            <Link to={paths.home} className="btn-primary">
              Back to Home
            </Link>
          }
        />
      </div>
    );
  }

  const skills = (profile.data?.skills ?? '')
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
          <h1 className="heading-2 mt-2">
            {profile.data?.name ? `Hello, ${profile.data.name}` : 'Freelancer dashboard'}
          </h1>
          <p className="muted mt-1">Your freelancer profile and client requests.</p>
        </div>
        <Link to={paths.freelancer.editProfile} className="btn-primary w-fit">
          Edit profile
        </Link>
      </header>

      {profile.isPending ? (
        <Spinner label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid gap-5 lg:grid-cols-3">
          <section aria-labelledby="fl-profile" className="glass flex flex-col gap-4 p-6 lg:col-span-2">
            <h2 id="fl-profile" className="text-lg font-semibold">
              Your profile
            </h2>
            <dl className="flex flex-col gap-3 text-sm">
              <div>
                <dt className="text-ink-400">Name</dt>
                <dd className="text-ink-100">{profile.data.name || 'Not set yet'}</dd>
              </div>
              <div>
                <dt className="text-ink-400">Skills</dt>
                <dd className="mt-1">
                  {skills.length ? (
                    <ul className="flex flex-wrap gap-2" aria-label="Skills">
                      {skills.map((s) => (
                        <li
                          key={s}
                          className="rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 text-xs text-accent-300"
                        >
                          {s}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <span className="text-ink-300">
                      No skills listed yet.{' '}
                      <Link to={paths.freelancer.editProfile} className="text-accent-300 hover:underline">
                        Add your skills
                      </Link>
                    </span>
                  )}
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="fl-requests" className="glass flex flex-col gap-3 p-6">
            <h2 id="fl-requests" className="text-lg font-semibold">
              Client requests
            </h2>
            <p className="text-3xl font-bold text-accent-300">0</p>
            <p className="muted text-sm">
              No client requests yet. Keep your skills current so clients can find you when requests open.
            </p>
            <Link to={paths.freelancer.clientRequests} className="btn-ghost mt-auto">
              Open client requests
            </Link>
          </section>
        </div>
      )}

      <nav aria-label="More for freelancers" className="flex flex-wrap gap-3">
        <Link to={paths.sharks.list} className="btn-ghost">
          Learn from a shark
        </Link>
        <Link to={paths.signup.shark} className="btn-ghost">
          Become a Shark
        </Link>
        <Link to={paths.subscriptions} className="btn-ghost">
          Subscriptions
        </Link>
      </nav>
    </div>
  );
}
