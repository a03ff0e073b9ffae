// "Invite to a request" (issue 27), for a freelancer's public profile: the signed-in client picks one of its
// draft or open requests and invites this freelancer. Visitors are offered to log in; a client without a request
// is offered to post one.
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '#shared/routes.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useInvitableRequests, useInvite } from './api';

export function InviteToRequest({
  freelancerId,
  freelancerName,
}: {
  freelancerId: string;
  freelancerName: string;
}) {
  const id = useId();
  const { isSignedIn } = useSession();
  const location = useLocation();
  // freelancerId is the public profile's id; the server refuses a freelancer inviting itself.
  const requests = useInvitableRequests(isSignedIn);
  const invite = useInvite();
  const toast = useToast();
  const [chosen, setChosen] = useState('');
  if (!isSignedIn)
    return (
      <Link
        className="btn-ghost"
        to={`${paths.login.chooser}?next=${encodeURIComponent(location.pathname + location.search)}`}
      >
        Log in to invite {freelancerName} to a request
      </Link>
    );
  if (requests.isPending || requests.isError) return null;
  if (requests.data.length === 0)
    return (
      <Link className="btn-ghost" to={paths.requests.new}>
        Post a request to invite {freelancerName}
      </Link>
    );
  const requestId = chosen || requests.data[0].id;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      aria-label={`Invite ${freelancerName} to a request`}
      onSubmit={(e) => {
        e.preventDefault();
        invite.mutate(
          { requestId, freelancerId },
          {
            onSuccess: (r) => toast(r.message, 'success'),
            onError: (err) => toast(errorMessage(err), 'error'),
          },
        );
      }}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-request`} className="text-sm text-ink-100">
          Invite to a request
        </label>
        <select
          id={`${id}-request`}
          className="input"
          value={requestId}
          onChange={(e) => setChosen(e.target.value)}
        >
          {requests.data.map((r) => (
            <option key={r.id} value={r.id}>
              {r.title}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary" disabled={invite.isPending}>
        {invite.isPending ? 'Inviting...' : 'Invite'}
      </button>
    </form>
  );
}
