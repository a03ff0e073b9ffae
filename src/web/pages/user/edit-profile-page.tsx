// /user/edit-profile: full name and phone (used to prefill bookings); the email is the login, so read-only.
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { updateProfileSchema } from '../../../shared/schemas/profiles';
import { errorMessage } from '../../api/client';
import { useMyProfile, useUpdateMyProfile } from '../../api/profiles';
import { ErrorState } from '../../components/error-state';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormError, SubmitButton } from '../../components/form/form-status';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

type FormIn = z.input<typeof updateProfileSchema>;
type FormOut = z.output<typeof updateProfileSchema>;

const FIELDS = ['fullName', 'phone'] as const;

export default function EditProfilePage() {
  useDocumentTitle('Edit profile');
  const id = useId();
  const profile = useMyProfile();
  const update = useUpdateMyProfile();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(updateProfileSchema), defaultValues: { fullName: '', phone: '' } });

  useEffect(() => {
    if (profile.data) reset({ fullName: profile.data.fullName ?? '', phone: profile.data.phone ?? '' });
  }, [profile.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const saved = await update.mutateAsync(values);
      reset({ fullName: saved.fullName ?? '', phone: saved.phone ?? '' });
      toast(MSG.profileUpdated, 'success');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

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
        <form noValidate onSubmit={onSubmit} className="glass flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8">
          <TextField id={`${id}-name`} label="Full name" type="text" autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
          <div>
            <label htmlFor={`${id}-email`} className="label">
              Email
            </label>
            <input id={`${id}-email`} type="email" value={profile.data.email} readOnly aria-describedby={`${id}-email-hint`} className="input cursor-not-allowed opacity-70" />
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
          <FormError message={formError} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={isSubmitting} pendingLabel="Saving…" disabled={!isDirty}>
              Save changes
            </SubmitButton>
            <Link to={paths.user.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
