// /freelancer/edit-profile: a freelancer's name and skills, saved by user id.
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages';
import { freelancerProfileSchema, type FreelancerProfileInput } from '../../../shared/schemas/freelancers';
import { errorMessage } from '../../api/client';
import { useFreelancerProfile, useUpdateFreelancerProfile } from '../../api/freelancers';
import { ErrorState } from '../../components/error-state';
import { TextAreaField, TextField } from '../../components/form/field';
import { applyServerErrors, FormError, SubmitButton } from '../../components/form/form-status';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

const FIELDS = ['name', 'skills'] as const;

export default function FreelancerEditProfilePage() {
  useDocumentTitle('Edit freelancer profile');
  const id = useId();
  const profile = useFreelancerProfile();
  const update = useUpdateFreelancerProfile();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FreelancerProfileInput>({ resolver: zodResolver(freelancerProfileSchema), defaultValues: { name: '', skills: '' } });

  useEffect(() => {
    if (profile.data) reset(profile.data);
  }, [profile.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      reset(await update.mutateAsync(values));
      toast(MSG.profileUpdated, 'success');
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
        <h1 className="heading-2 mt-2">Edit freelancer profile</h1>
        <p className="muted mt-1">Your name and the skills clients will see.</p>
      </header>
      {profile.isPending ? (
        <Spinner label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="glass flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8">
          <TextField id={`${id}-name`} label="Name" type="text" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextAreaField
            id={`${id}-skills`}
            label="Skills"
            rows={4}
            inputClassName="input"
            placeholder="Web pentesting, Python automation, report writing"
            hint="Separate skills with commas."
            keepHint
            error={errors.skills?.message}
            {...register('skills')}
          />
          <FormError message={formError} />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
            <Link to={paths.freelancer.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </div>
        </form>
      )}
    </div>
  );
}
