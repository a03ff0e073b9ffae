// What /signup/freelancer shows a signed-in visitor: their email already has an account, so instead of a second
// signup they add the freelancer role and profile to it (decision 026).
import { Link, useNavigate } from 'react-router';
import type { Role } from '#shared/constants.ts';
import { becomeFreelancerSchema, type BecomeFreelancerInput, type SessionUser } from '#shared/accounts.ts';
import { useBecomeFreelancer } from './api';
import { AuthShell } from './auth-shell';
import { SkillsField } from './signup-parts';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';

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
        <FormAlert tone="info">{ACCOUNT_MSG.adminCannotFreelance}</FormAlert>
      </AuthShell>
    );
  }
  return <BecomeFreelancerForm user={user} />;
}

function BecomeFreelancerForm({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const toast = useToast();
  const become = useBecomeFreelancer();
  const form = useApiForm<BecomeFreelancerInput>({
    schema: becomeFreelancerSchema,
    defaultValues: { name: user.fullName ?? '', skills: '' },
    fields: ['name', 'skills'],
    onSubmit: async (values) => {
      const res = await become.mutateAsync(values);
      toast(res.message, 'success');
      navigate(paths.freelancer.dashboard);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

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
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <SkillsField register={register} error={errors.skills?.message} />
        {/* Said before they confirm (issue 38): afterwards the user portal refuses this account. */}
        <FormAlert tone="info">{ACCOUNT_MSG.becomeFreelancerPortal}</FormAlert>
        <SubmitButton className="btn-primary mt-2 w-full" pending={isSubmitting} pendingLabel="Setting up...">
          Become a freelancer
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
