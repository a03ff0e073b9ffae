// What /signup/freelancer shows a signed-in visitor: their email already has an account, so instead of a second
// signup they add the freelancer role and profile to it (decision 026).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { Role } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  becomeFreelancerSchema,
  type BecomeFreelancerInput,
  type SessionUser,
} from '../../../shared/schemas/auth';
import { useBecomeFreelancer } from '../../api/auth';
import { AuthShell } from '../../auth/form-ui';
import { SkillsField } from '../../auth/signup-parts';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert, SubmitButton } from '../../components/form/form-status';
import { useToast } from '../../components/toast';
import { paths } from '../../paths';

const FIELDS = ['name', 'skills'] as const;

export function BecomeFreelancer({ user, roles }: { user: SessionUser; roles: readonly Role[] }) {
  if (roles.includes('freelancer')) {
    return (
      <AuthShell eyebrow="Freelancer" title="You are already a freelancer">
        <p className="muted text-sm">
          Signed in as <strong className="text-ink-100">{user.email}</strong>. Your freelancer profile is
          ready.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row">
          <Link to={paths.freelancer.dashboard} className="btn-primary flex-1 text-center">
            Go to dashboard
          </Link>
          <Link to={paths.freelancer.editProfile} className="btn-ghost flex-1 text-center">
            Edit profile
          </Link>
        </div>
      </AuthShell>
    );
  }
  // The server refuses staff accounts too; saying so up front spares filling in a form that cannot succeed.
  if (roles.includes('admin')) {
    return (
      <AuthShell eyebrow="Freelancer" title="Become a freelancer">
        <FormAlert tone="info">{MSG.adminCannotFreelance}</FormAlert>
      </AuthShell>
    );
  }
  return <BecomeFreelancerForm user={user} />;
}

function BecomeFreelancerForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const toast = useToast();
  const become = useBecomeFreelancer();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BecomeFreelancerInput>({
    resolver: zodResolver(becomeFreelancerSchema),
    defaultValues: { name: user.fullName ?? '', skills: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await become.mutateAsync(values);
      toast(res.message, 'success');
      navigate(paths.freelancer.dashboard);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  return (
    <AuthShell
      eyebrow="Freelancer"
      title="Become a freelancer"
      subtitle={
        <>
          Add a freelancer profile to your account <strong className="text-ink-100">{user.email}</strong>: no
          new password, and your bookings and liked sharks stay where they are.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <SkillsField register={register} error={errors.skills?.message} />
        <SubmitButton className="btn-primary mt-2 w-full" pending={isSubmitting} pendingLabel="Setting up...">
          Become a freelancer
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
