// /freelancer/edit-profile: a freelancer's name and skills, saved by user id.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { FreelancerProfileEditor } from '#web/features/freelancers/freelancer-profile-editor.tsx';

export default function FreelancerEditProfilePage() {
  useDocumentTitle(ROUTES.freelancer.editProfile.title);
  return <FreelancerProfileEditor />;
}
