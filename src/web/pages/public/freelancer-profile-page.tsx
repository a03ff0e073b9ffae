// /freelancers/:id: a published freelancer's public profile (issue 27); anything else is "Freelancer not found".
// A client invites the freelancer to one of its requests from here.
import { useParams } from 'react-router';
import { FreelancerPublicProfile } from '#web/features/freelancers/freelancer-public-profile.tsx';
import { InviteToRequest } from '#web/features/client-requests/invite-to-request.tsx';

export default function FreelancerProfilePage() {
  const { id = '' } = useParams();
  return (
    <FreelancerPublicProfile
      id={id}
      actions={(f) => <InviteToRequest freelancerId={f.id} freelancerName={f.name} />}
    />
  );
}
