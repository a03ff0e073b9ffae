// /signup/freelancer: a freelancer account (roles freelancer and user, with a skills profile); login after 2 s.
// A signed-in visitor already has an account, so they get the become-a-freelancer form instead (decision 026).
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { SIGNUP_REDIRECT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { freelancerSignupSchema, type FreelancerSignupInput } from '../../../shared/schemas/auth';
import { useSignupFreelancer } from '../../api/auth';
import { useSession } from '../../api/session';
import { AuthShell, SocialButtons } from '../../auth/form-ui';
import { AccountFields, SignupDone, SkillsField } from '../../auth/signup-parts';
import { applyServerErrors, FormAlert, SubmitButton } from '../../components/form/form-status';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';
import { BecomeFreelancer } from './become-freelancer-form';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'skills'] as const;

export default function SignupFreelancerPage() {
  const session = useSession();
  useDocumentTitle(session.user ? 'Become a freelancer' : 'Freelancer sign up');
  const signup = useSignupFreelancer();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FreelancerSignupInput>({
    resolver: zodResolver(freelancerSignupSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', skills: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const res = await signup.mutateAsync(values);
      setDone({ message: res.message || MSG.accountCreated, email: values.email.trim() });
    } catch (err) {
      setFormError(applyServerErrors(err, setError, FIELDS));
    }
  });

  if (session.user && !done) return <BecomeFreelancer user={session.user} roles={session.roles} />;

  if (done) {
    // Straight to the freelancer portal: the account just made is a freelancer one.
    return (
      <SignupDone
        eyebrow="Freelancer"
        message={done.message}
        email={done.email}
        loginPath={paths.login.freelancer}
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
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <AccountFields register={register} errors={errors} />
        <SkillsField register={register} error={errors.skills?.message} />
        <SubmitButton
          className="btn-primary mt-2 w-full"
          pending={isSubmitting}
          pendingLabel="Creating account..."
        >
          Sign up
        </SubmitButton>
      </form>
      <SocialButtons verb="Sign up" />
      <p className="muted mt-6 text-center text-sm">
        Already a freelancer?{' '}
        <Link to={paths.login.freelancer} className="text-accent-400 hover:underline">
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
