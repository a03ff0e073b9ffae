// The sections of /account: change password, sign out everywhere, change email, download my data, delete my
// account. Each form is a useApiForm on the server's own schema; the two that end this session confirm first.
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ACCOUNT_MSG,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type DeleteAccountInput,
  type LeavingSession,
} from '#shared/accounts.ts';
import { formatPaise } from '#shared/money.ts';
import { formatDayOf, formatTimeIn } from '#web/lib/format.ts';
import { paths } from '#shared/routes.ts';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import {
  ACCOUNT_EXPORT_URL,
  useChangeEmail,
  useAccountDeletion,
  useChangePassword,
  useDeleteMyAccount,
  useSignOutEverywhere,
} from './api';

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="glass flex flex-col gap-4 p-6">
      <div>
        <h2 id={id} className="text-lg font-bold text-ink-100">
          {title}
        </h2>
        <p className="muted mt-1 text-sm">{intro}</p>
      </div>
      {children}
    </section>
  );
}

export function ChangePasswordSection() {
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<ChangePasswordInput>({
    schema: changePasswordSchema,
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
    fields: ['currentPassword', 'password', 'confirmPassword'],
    onSubmit: async (values) => {
      setDone(null);
      const res = await change.mutateAsync(values);
      form.reset();
      setDone(res.message);
    },
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Section
      id="account-password"
      title="Change password"
      intro="Every other device signed in to this account will be signed out."
    >
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert tone="success">{done}</FormAlert>
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          label="Current password"
          id="account-pw-current"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <TextField
          label="New password"
          id="account-pw-new"
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          id="account-pw-confirm"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton
          className="btn-primary w-fit"
          pending={formState.isSubmitting}
          pendingLabel="Changing..."
        >
          Change password
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function SignOutEverywhereSection() {
  const navigate = useNavigate();
  const toast = useToast();
  const signOut = useSignOutEverywhere();
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    setError(null);
    signOut.mutate(undefined, {
      onSuccess: (res) => {
        toast(res.message, 'success');
        navigate(paths.login.chooser);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <Section
      id="account-sessions"
      title="Sign out everywhere"
      intro="Ends every session of this account: other browsers, phones, and this one."
    >
      <FormAlert>{error}</FormAlert>
      <Modal
        title="Sign out everywhere?"
        description="Every device signed in to this account will be signed out, this one included. You will need to log in again."
        trigger={
          <button type="button" className="btn-ghost w-fit">
            Sign out everywhere
          </button>
        }
        footer={
          <>
            <ModalClose>Cancel</ModalClose>
            <button type="button" className="btn-primary" disabled={signOut.isPending} onClick={confirm}>
              {signOut.isPending ? 'Signing out...' : 'Yes, sign out everywhere'}
            </button>
          </>
        }
      />
    </Section>
  );
}

export function ChangeEmailSection({ email }: { email: string }) {
  const change = useChangeEmail();
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<ChangeEmailInput>({
    schema: changeEmailSchema,
    defaultValues: { email: '', currentPassword: '' },
    fields: ['email', 'currentPassword'],
    onSubmit: async (values) => {
      setDone(null);
      const res = await change.mutateAsync(values);
      form.reset();
      setDone(res.message);
    },
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Section
      id="account-email"
      title="Change email"
      intro={
        <>
          Your account uses <strong className="text-ink-100">{email}</strong>. We send a link to the new
          address; the change takes effect when you open it, and we tell this address.
        </>
      }
    >
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert tone="success">{done}</FormAlert>
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          label="New email"
          id="account-email-new"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Current password"
          id="account-email-current"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <SubmitButton
          className="btn-primary w-fit"
          pending={formState.isSubmitting}
          pendingLabel="Sending..."
        >
          Send the link
        </SubmitButton>
      </Form>
    </Section>
  );
}

export function DownloadDataSection() {
  return (
    <Section
      id="account-data"
      title="Download my data"
      intro="A JSON file with your profile, roles, bookings, liked sharks, reviews and messages; if you have them, your freelancer or shark profile and courses, and your calendar settings (when you made your calendar address, your other calendars masked, your meeting-room choice). Secret addresses are never in it."
    >
      <a href={ACCOUNT_EXPORT_URL} download className="btn-ghost w-fit">
        Download my data
      </a>
    </Section>
  );
}

/** What one session's cancellation by leaving refunds, in words (the cancel button's rule; issue 38). */
function leavingRefund(s: LeavingSession): string {
  if (s.refundPercent === null) return 'nothing was paid';
  const late = s.late ? 'a late cancellation: ' : '';
  if (s.refundPaise === 0) return `${late}no refund of the ${formatPaise(s.paidPaise)} paid`;
  return s.refundPaise === s.paidPaise
    ? `${late}${formatPaise(s.refundPaise)} refunded in full`
    : `${late}${formatPaise(s.refundPaise)} of ${formatPaise(s.paidPaise)} refunded (${s.refundPercent}%)`;
}

/** The sessions deleting the account would cancel now, each with its refund, read when the dialog opens. */
function LeavingSessions({ open }: { open: boolean }) {
  const deletion = useAccountDeletion(open);
  if (deletion.isPending) return <p className="muted text-sm">Checking your upcoming sessions...</p>;
  if (deletion.isError) return <FormAlert>{errorMessage(deletion.error)}</FormAlert>;
  const { sessions } = deletion.data;
  if (!sessions.length) return <p className="text-sm">You have no upcoming sessions to cancel.</p>;
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">
        Deleting cancels {sessions.length === 1 ? 'this session' : `these ${sessions.length} sessions`}, by
        the same rule as cancelling it yourself:
      </p>
      <ul className="list-disc pl-5" aria-label="Sessions deleting cancels">
        {sessions.map((s) => (
          <li key={s.id}>
            {s.courseTitle}, {formatDayOf(s.startsAt, s.timeZone)} {formatTimeIn(s.startsAt, s.timeZone)}:{' '}
            {leavingRefund(s)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DeleteAccountSection() {
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteMyAccount();
  const [open, setOpen] = useState(false);
  const form = useApiForm<DeleteAccountInput>({
    schema: deleteAccountSchema,
    defaultValues: { currentPassword: '', confirm: '' as 'DELETE' },
    fields: ['currentPassword', 'confirm'],
    onSubmit: async (values) => {
      const res = await remove.mutateAsync(values);
      setOpen(false);
      toast(res.message, 'success');
      navigate(paths.home);
    },
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Section id="account-delete" title="Delete my account" intro="This cannot be undone.">
      <ul className="muted list-disc pl-5 text-sm">
        <li>
          Your profile, password, sessions, liked sharks and any freelancer or shark profile are erased.
        </li>
        <li>
          Sessions you booked stay with their shark as records, without your name, email or phone ("
          {ACCOUNT_MSG.deletedLearnerName}").
        </li>
        <li>
          Your upcoming sessions are cancelled by the same rule as the cancel button: inside a course&apos;s
          late window only its late share is refunded. The dialog lists each one with its refund before you
          confirm.
        </li>
        <li>A shark with upcoming sessions cancels them first. You are signed out at once.</li>
      </ul>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Delete your account?"
        description="Enter your password and type DELETE to confirm. Everything listed above happens at once."
        trigger={
          <button type="button" className="btn-danger w-fit">
            Delete my account
          </button>
        }
      >
        <Form form={form} className="flex flex-col gap-4">
          <FormAlert>{form.formError}</FormAlert>
          <LeavingSessions open={open} />
          <TextField
            label="Password"
            id="account-delete-password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="Type DELETE here"
            id="account-delete-confirm"
            autoComplete="off"
            error={errors.confirm?.message}
            {...register('confirm')}
          />
          <div className="flex flex-wrap justify-end gap-3">
            <ModalClose>Cancel</ModalClose>
            <SubmitButton className="btn-danger" pending={formState.isSubmitting} pendingLabel="Deleting...">
              Delete my account for good
            </SubmitButton>
          </div>
        </Form>
      </Modal>
    </Section>
  );
}
