// /account: every signed-in account's own settings (issue 10).
import { useSession } from '#web/features/viewer/api.ts';
import {
  ChangeEmailSection,
  ChangePasswordSection,
  DeleteAccountSection,
  DownloadDataSection,
  SignOutEverywhereSection,
} from '#web/features/accounts/account-settings.tsx';
import { CalendarFeedSection } from '#web/features/calendar-feed/calendar-feed-section.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ROUTES } from '#shared/routes.ts';

export default function AccountPage() {
  useDocumentTitle(ROUTES.account.title);
  const { user } = useSession();
  return (
    <div className="container-page flex max-w-3xl flex-col gap-6 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Account</p>
        <h1 className="heading-2 mt-2">Account settings</h1>
      </header>
      <ChangePasswordSection />
      <SignOutEverywhereSection />
      <ChangeEmailSection email={user?.email ?? ''} />
      <CalendarFeedSection />
      <DownloadDataSection />
      <DeleteAccountSection />
    </div>
  );
}
