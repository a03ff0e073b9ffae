// "Notify Me" on the reviews tab: stores the learner's interest once; a visitor is asked to log in and comes back.
import { useLocation, useNavigate } from 'react-router';
import { errorMessage } from '../../api/client';
import { useNotifyReviews } from '../../api/follows';
import { useSession } from '../../api/session';
import { useToast } from '../../components/toast';
import { paths } from '../../paths';

export function NotifyMeButton({ sharkId }: { sharkId: string }) {
  const session = useSession();
  const notify = useNotifyReviews();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();

  const onClick = () => {
    if (!session.isSignedIn) {
      navigate(`${paths.login.user}?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    notify.mutate(sharkId, {
      onSuccess: (res) => toast(res.message, 'success'),
      onError: (err) => toast(errorMessage(err), 'error'),
    });
  };

  if (notify.isSuccess) {
    return (
      <p role="status" className="rounded-xl border border-success-400/40 bg-success-400/10 px-4 py-2.5 text-sm text-success-400">
        ✓ {notify.data.message}
      </p>
    );
  }
  return (
    <button type="button" className="btn-primary" onClick={onClick} disabled={notify.isPending}>
      {notify.isPending ? 'Saving…' : 'Notify Me'}
    </button>
  );
}
