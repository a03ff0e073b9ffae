// /freelancer/edit-profile: a freelancer's profile (the spec's name and skills, and issue 27's directory fields)
// and its credentials, verified by the admins like a shark's.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { FreelancerProfileEditor } from '#web/features/freelancers/freelancer-profile-editor.tsx';
import { CredentialsManager } from '#web/features/credentials/credentials-manager.tsx';

export default function FreelancerEditProfilePage() {
  useDocumentTitle(ROUTES.freelancer.editProfile.title);
  return <FreelancerProfileEditor credentials={<CredentialsManager freelancer />} />;
}
