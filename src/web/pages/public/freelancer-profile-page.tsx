// /freelancers/:id: a published freelancer's public profile (issue 27); anything else is "Freelancer not found".
import { useParams } from 'react-router';
import { FreelancerPublicProfile } from '#web/features/freelancers/freelancer-public-profile.tsx';

export default function FreelancerProfilePage() {
  const { id = '' } = useParams();
  return <FreelancerPublicProfile id={id} />;
}
