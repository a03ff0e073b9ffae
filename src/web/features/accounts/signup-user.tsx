// Shown at /signup/user: a learner creates an account (role user), is told to verify the email, and lands on /login after 3 s
// (with the `next` it came with: a visitor on the way to a booking gets back to it after logging in).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { safeNext, withNext } from '#web/features/accounts/portals.ts';
import { SIGNUP_REDIRECT_MS } from '#shared/constants.ts';
import { userSignupSchema, type UserSignupInput, ACCOUNT_MSG } from '#shared/accounts.ts';
import { useSignupUser } from '#web/features/accounts/api.ts';
import { AuthShell, SocialButtons } from '#web/features/accounts/auth-shell.tsx';
import { AccountFields, SignupDone } from '#web/features/accounts/signup-parts.tsx';
import { FieldError } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { paths } from '#shared/routes.ts';

const FIELDS = ['name', 'email', 'password', 'confirmPassword', 'terms'] as const;

export function SignupUser() {
  const signup = useSignupUser();
  // A visitor sent here from "Log in to book" goes on to the login with the same way back to the booking.
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const loginPath = withNext(paths.login.portal('user'), next);
  const [done, setDone] = useState<{ message: string; email: string } | null>(null);
  const form = useApiForm<UserSignupInput>({
    schema: userSignupSchema,
    // terms starts unticked: an unticked checkbox reads as false, which the schema refuses.
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
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

  if (done) {
    return (
      <SignupDone
        eyebrow="Learner"
        message={done.message}
        email={done.email}
        loginPath={loginPath}
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
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
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
              </Link>{' '}
              (see also the{' '}
              <Link to={paths.privacy} className="text-accent-400 hover:underline">
                Privacy notice
              </Link>
              )
            </label>
          </div>
          <FieldError id="field-terms-error" message={errors.terms?.message} />
        </div>
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
        Already have an account?{' '}
        <Link to={loginPath} className="text-accent-400 hover:underline">
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
