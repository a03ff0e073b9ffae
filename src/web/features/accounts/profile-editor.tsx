// Shown at /user/edit-profile: full name and phone (used to prefill bookings); the email is the login, so read-only.
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { updateProfileSchema, ACCOUNT_MSG } from '#shared/accounts.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useUpdateMyProfile } from '#web/features/viewer/api.ts';
import { useMyProfile } from '#web/features/viewer/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';

type FormIn = z.input<typeof updateProfileSchema>;
type FormOut = z.output<typeof updateProfileSchema>;

const FIELDS = ['fullName', 'phone'] as const;

export function ProfileEditor() {
  const id = useId();
  const profile = useMyProfile();
  const update = useUpdateMyProfile();
  const toast = useToast();
  const form = useApiForm<FormIn, FormOut>({
    schema: updateProfileSchema,
    defaultValues: { fullName: '', phone: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      const saved = await update.mutateAsync(values);
      form.reset({ fullName: saved.fullName ?? '', phone: saved.phone ?? '' });
      toast(ACCOUNT_MSG.profileUpdated, 'success');
    },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;

  useEffect(() => {
    if (profile.data) reset({ fullName: profile.data.fullName ?? '', phone: profile.data.phone ?? '' });
  }, [profile.data, reset]);

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Account</p>
        <h1 className="heading-2 mt-2">Edit profile</h1>
        <p className="muted mt-1">Your name and phone fill in the booking form for you.</p>
      </header>
      {profile.isPending ? (
        <Spinner label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <Form form={form} className="glass flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8">
          <TextField
            id={`${id}-name`}
            label="Full name"
            type="text"
            autoComplete="name"
            error={errors.fullName?.message}
            {...register('fullName')}
          />
          <div>
            <label htmlFor={`${id}-email`} className="label">
              Email
            </label>
            <input
              id={`${id}-email`}
              type="email"
              value={profile.data.email}
              readOnly
              aria-describedby={`${id}-email-hint`}
              className="input cursor-not-allowed opacity-70"
            />
            <p id={`${id}-email-hint`} className="muted mt-1.5 text-xs">
              Your email is how you log in, so it cannot be changed here.
            </p>
          </div>
          <TextField
            id={`${id}-phone`}
            label={
              <>
                Phone <span className="text-ink-400">(optional)</span>
              </>
            }
            type="tel"
            autoComplete="tel"
            placeholder="+91 98765 43210"
            error={errors.phone?.message}
            {...register('phone')}
          />
          <FormAlert>{form.formError}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={isSubmitting} pendingLabel="Saving…" disabled={!isDirty}>
              Save changes
            </SubmitButton>
            <Link to={paths.user.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
