// Shown at /freelancer/edit-profile: a freelancer's name and skills, saved by user id.
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { freelancerProfileSchema, type FreelancerProfileInput } from '#shared/freelancers.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFreelancerProfile, useUpdateFreelancerProfile } from '#web/features/freelancers/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';

const FIELDS = ['name', 'skills'] as const;

export function FreelancerProfileEditor() {
  const id = useId();
  const profile = useFreelancerProfile();
  const update = useUpdateFreelancerProfile();
  const toast = useToast();
  const form = useApiForm<FreelancerProfileInput>({
    schema: freelancerProfileSchema,
    defaultValues: { name: '', skills: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      form.reset(await update.mutateAsync(values));
      toast(ACCOUNT_MSG.profileUpdated, 'success');
    },
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  useEffect(() => {
    if (profile.data) reset(profile.data);
  }, [profile.data, reset]);

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
        <Form form={form} className="glass flex w-full max-w-xl flex-col gap-5 p-6 sm:p-8">
          <TextField
            id={`${id}-name`}
            label="Name"
            type="text"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
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
          <FormAlert>{form.formError}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
            <Link to={paths.freelancer.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}
