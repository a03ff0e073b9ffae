// Shown at /signup/freelancer: a freelancer account (roles freelancer and user, with a skills profile); login after 2 s.
// A signed-in visitor already has an account, so they get the become-a-freelancer form instead (decision 026).
import { useState } from 'react';
import { Link } from 'react-router';
import { SIGNUP_REDIRECT_MS } from '#shared/constants.ts';
import { freelancerSignupSchema, type FreelancerSignupInput, ACCOUNT_MSG } from '#shared/accounts.ts';
import { paths } from '#shared/routes.ts';
import { useSignupFreelancer } from '#web/features/accounts/api.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { AuthShell, SocialButtons } from '#web/features/accounts/auth-shell.tsx';
import { AccountFields, SignupDone, SkillsField } from '#web/features/accounts/signup-parts.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { BecomeFreelancer } from '#web/features/accounts/become-freelancer-form.tsx';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'skills'] as const;

export function SignupFreelancer() {
  const session = useSession();
  useDocumentTitle(session.user ? 'Become a freelancer' : 'Freelancer sign up');
  const signup = useSignupFreelancer();
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const form = useApiForm<FreelancerSignupInput>({
    schema: freelancerSignupSchema,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', skills: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      const res = await signup.mutateAsync(values);
      setDone({ message: res.message || ACCOUNT_MSG.accountCreated, email: values.email.trim() });
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  if (session.user && !done) return <BecomeFreelancer user={session.user} roles={session.roles} />;

  if (done) {
    // Straight to the freelancer portal: the account just made is a freelancer one.
    return (
      <SignupDone
        eyebrow="Freelancer"
        message={done.message}
        email={done.email}
        loginPath={paths.login.portal('freelancer')}
        delayMs={SIGNUP_REDIRECT_MS.freelancer}
        movingOn="Taking you to the freelancer login..."
      />
    );
  }

  return (
    <AuthShell
      eyebrow="Freelancer"
      title="Join as a freelancer"
      subtitle="List your security skills and pick up client requests. You can book sessions with sharks too."
    >
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        <AccountFields register={register} errors={errors} />
        <SkillsField register={register} error={errors.skills?.message} />
        <SubmitButton
          className="btn-primary mt-2 w-full"
          pending={isSubmitting}
          pendingLabel="Creating account..."
        >
          Sign up
        </SubmitButton>
      </Form>
      <SocialButtons verb="Sign up" />
      <p className="muted mt-6 text-center text-sm">
        Already a freelancer?{' '}
        <Link to={paths.login.portal('freelancer')} className="text-accent-400 hover:underline">
          Log in
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={paths.signup.user} className="text-accent-400 hover:underline">
          Sign up as a learner
        </Link>
      </p>
    </AuthShell>
  );
}
