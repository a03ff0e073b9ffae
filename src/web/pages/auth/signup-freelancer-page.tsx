// /signup/freelancer: a freelancer account (roles freelancer and user, with a skills profile); login after 2 s.
// A signed-in visitor already has an account, so they get the become-a-freelancer form instead (decision 026).
import { SignupFreelancer } from '#web/features/accounts/signup-freelancer.tsx';

export default function SignupFreelancerPage() {
  return <SignupFreelancer />;
}
