// What the learner and freelancer signup pages have in common: the account fields, the skills field a freelancer
// fills in, and the "Welcome aboard" screen that moves on to a login page by itself.
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { AuthShell } from './auth-shell';

type AccountValues = { name: string; email: string; password: string; confirmPassword: string };

/** Full name, email, password and its confirmation, wired to a signup form whose values include those four. */
export function AccountFields<T extends AccountValues & FieldValues>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<AccountValues>;
}) {
  const reg = (name: keyof AccountValues) => register(name as Path<T>);
  return (
    <>
      <TextField label="Full name" autoComplete="name" error={errors.name?.message} {...reg('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...reg('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.password?.message}
        {...reg('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...reg('confirmPassword')}
      />
    </>
  );
}

/** A freelancer's skills, as both the signup and the become-a-freelancer forms ask for them. */
export function SkillsField<T extends { skills: string } & FieldValues>({
  register,
  error,
}: {
  register: UseFormRegister<T>;
  error?: string;
}) {
  return (
    <TextAreaField
      label="Skills"
      placeholder="Web pentesting, malware analysis, cloud hardening..."
      hint="Separate skills with commas."
      error={error}
      {...register('skills' as Path<T>)}
    />
  );
}

/** The account was made: say so, name the inbox the link went to, and go to `loginPath` after `delayMs`. */
export function SignupDone({
  eyebrow,
  message,
  email,
  loginPath,
  delayMs,
  movingOn,
}: {
  eyebrow: string;
  message: string;
  email: string;
  loginPath: string;
  delayMs: number;
  movingOn: ReactNode;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(loginPath), delayMs);
    return () => clearTimeout(timer);
  }, [navigate, loginPath, delayMs]);
  return (
    <AuthShell eyebrow={eyebrow} title="Welcome aboard">
      <FormAlert tone="success">
        <p className="text-base font-semibold">{message}</p>
        <p className="mt-1 text-ink-100">
          We sent a verification link to <strong>{email}</strong>. Open it to verify your email, then log in.
        </p>
      </FormAlert>
      <p className="muted mt-4 text-sm">
        {movingOn}{' '}
        <Link to={loginPath} className="text-accent-400 hover:underline">
          Go now
        </Link>
      </p>
    </AuthShell>
  );
}
