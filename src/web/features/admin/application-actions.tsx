// Approve or reject one shark application, with its state and the reason it was rejected.
import type { SharkApplication } from '#shared/applications.ts';
import { ReasonAction } from '#web/components/reason-action.tsx';
import { ADMIN_DANGER } from '#shared/admin.ts';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useApproveApplication, useRejectApplication } from './console-api';
import { Badge } from '#web/components/console-ui.tsx';

const STATUS_LABEL: Record<SharkApplication['status'], string> = {
  new: 'New',
  awaiting_confirmation: 'Approved, awaiting confirmation',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Approve or reject one application (shown inside its card). */
export function ApplicationActions({ application }: { application: SharkApplication }) {
  const approve = useApproveApplication();
  const reject = useRejectApplication();
  const toast = useToast();
  const open = application.status === 'new' || application.status === 'awaiting_confirmation';
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Badge tone={application.status === 'rejected' ? 'bad' : application.status === 'new' ? 'muted' : 'ok'}>
        {STATUS_LABEL[application.status]}
      </Badge>
      {application.reason ? <span className="muted text-xs">Reason: {application.reason}</span> : null}
      {application.status === 'new' ? (
        <button
          type="button"
          className="btn-primary py-1.5"
          aria-label={`Approve ${application.name}`}
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(application.id, {
              onSuccess: (r) => toast(r.message, 'success'),
              onError: (err) => toast(errorMessage(err), 'error'),
            })
          }
        >
          Approve
        </button>
      ) : null}
      {open ? (
        <ReasonAction
          label="Reject"
          confirmLabel="Reject the application"
          subject={application.name}
          danger={ADMIN_DANGER.rejectApplication}
          onConfirm={(reason) => reject.mutateAsync({ id: application.id, reason })}
        />
      ) : null}
    </div>
  );
}
