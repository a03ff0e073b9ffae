// /signup/user: a learner creates an account (role user), is told to verify the email, and lands on /login after 3 s.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { SIGNUP_REDIRECT_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { userSignupSchema, type UserSignupInput } from '../../../shared/schemas/auth';
import { useSignupUser } from '../../api/auth';
import { AuthShell, SocialButtons } from '../../auth/form-ui';
import { AccountFields, SignupDone } from '../../auth/signup-parts';
import { applyServerErrors, FormAlert, SubmitButton } from '../../components/form/form-status';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'terms'] as const;

export default function SignupUserPage() {
  useDocumentTitle('Sign up');
  const signup = useSignupUser();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UserSignupInput>({
    resolver: zodResolver(userSignupSchema),
    // terms starts unticked: an unticked checkbox reads as false, which the schema refuses.
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
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

  if (done) {
    return (
      <SignupDone
        eyebrow="Learner"
        message={done.message}
        email={done.email}
        loginPath={paths.login.chooser}
        delayMs={SIGNUP_REDIRECT_MS.user}
        movingOn="Taking you to the login page..."
      />
    );
  }

  return (
    <AuthShell
      eyebrow="Learner"
      title="Create your account"
      subtitle="Learn from working security professionals. Book sessions, follow sharks, track your progress."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <AccountFields register={register} errors={errors} />
        <div>
          <div className="flex items-start gap-3">
            <input
              id="field-terms"
              type="checkbox"
              className="mt-1 h-4 w-4 accent-accent-400"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'field-terms-error' : undefined}
              {...register('terms')}
            />
            <label htmlFor="field-terms" className="text-sm text-ink-300">
              I agree to the{' '}
              <Link to={paths.terms} className="text-accent-400 hover:underline">
                Terms and Conditions
              </Link>
            </label>
          </div>
          {errors.terms ? (
            <p id="field-terms-error" className="field-error">
              {errors.terms.message}
            </p>
          ) : null}
        </div>
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
        Already have an account?{' '}
        <Link to={paths.login.user} className="text-accent-400 hover:underline">
          Log in
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={paths.signup.freelancer} className="text-accent-400 hover:underline">
          Sign up as a freelancer
        </Link>
      </p>
    </AuthShell>
  );
}
