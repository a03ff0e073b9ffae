// /update-password?token=...: the target of the mailed reset link. Choose a new password; every session ends.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { updatePasswordSchema, type UpdatePasswordInput } from '../../../shared/schemas/auth';
import { useResetPassword } from '../../api/auth';
import { AuthShell } from '../../auth/form-ui';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert } from '../../components/form/form-status';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

const INVALID_LINK = 'This link is invalid or has expired.';

export default function UpdatePasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdatePasswordInput>({ resolver: zodResolver(updatePasswordSchema), defaultValues: { token, password: '', confirmPassword: '' } });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        const res = await reset.mutateAsync(values);
        setDone(res.message);
      } catch (err) {
        setFormError(applyServerErrors(err, setError, ['password', 'confirmPassword']));
      }
    },
    (errs) => {
      if (errs.token) setFormError(INVALID_LINK);
    },
  );

  if (!token) {
    return (
      <AuthShell eyebrow="Account" title="Choose a new password">
        <FormAlert>{INVALID_LINK}</FormAlert>
        <p className="muted mt-4 text-sm">
          Reset links come by mail.{' '}
          <Link to={paths.forgotPassword} className="text-accent-400 hover:underline">
            Ask for a new link
          </Link>
        </p>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell eyebrow="Account" title="Password updated">
        <FormAlert tone="success">{done}</FormAlert>
        <Link to={paths.login.chooser} className="btn-primary mt-6 w-full">
          Log in
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell eyebrow="Account" title="Choose a new password" subtitle="After the change, every device signed in to this account is signed out.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? (
          <FormAlert>
            <p>{formError}</p>
            <Link to={paths.forgotPassword} className="mt-1 inline-block text-accent-400 hover:underline">
              Ask for a new link
            </Link>
          </FormAlert>
        ) : null}
        <input type="hidden" {...register('token')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint="At least 8 characters." error={errors.password?.message} {...register('password')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Update password'}
        </button>
      </form>
    </AuthShell>
  );
}
