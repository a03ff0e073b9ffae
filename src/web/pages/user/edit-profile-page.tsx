// /user/edit-profile: full name and phone (used to prefill bookings); the email is the login, so read-only.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ProfileEditor } from '#web/features/accounts/profile-editor.tsx';

export default function EditProfilePage() {
  useDocumentTitle(ROUTES.user.editProfile.title);
  return <ProfileEditor />;
}
