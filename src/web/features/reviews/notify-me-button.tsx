// "Notify Me" on the reviews tab: stores the learner's interest once; a visitor is asked to log in and comes back.
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { useNotifyReviews } from './api';
import { useSession } from '#web/features/viewer/api.ts';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';

export function NotifyMeButton({ sharkId }: { sharkId: string }) {
  const session = useSession();
  const notify = useNotifyReviews();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = () => {
    if (!session.isSignedIn) {
      navigate(
        `${paths.login.portal('user')}?next=${encodeURIComponent(location.pathname + location.search)}`,
      );
      return;
    }
    notify.mutate(sharkId, {
      onSuccess: (res) => toast(res.message, 'success'),
      onError: (err) => toast(errorMessage(err), 'error'),
    });
  };

  if (notify.isSuccess) {
    return <FormAlert tone="success">✓ {notify.data.message}</FormAlert>;
  }
  return (
    <button type="button" className="btn-primary" onClick={onClick} disabled={notify.isPending}>
      {notify.isPending ? 'Saving…' : 'Notify Me'}
    </button>
  );
}
