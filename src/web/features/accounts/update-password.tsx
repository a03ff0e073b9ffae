// Shown at /update-password?token=...: the target of the mailed reset link. Choose a new password; every session ends.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { updatePasswordSchema, type PasswordUpdated, type UpdatePasswordInput } from '#shared/accounts.ts';
import { useResetPassword } from '#web/features/accounts/api.ts';
import { AuthShell } from '#web/features/accounts/auth-shell.tsx';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { paths } from '#shared/routes.ts';

const INVALID_LINK = 'This link is invalid or has expired.';

export function UpdatePassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const [done, setDone] = useState<PasswordUpdated | null>(null);
  const form = useApiForm<UpdatePasswordInput>({
    schema: updatePasswordSchema,
    defaultValues: { token, password: '', confirmPassword: '' },
    fields: ['password', 'confirmPassword'],
    onSubmit: async (values) => {
      const res = await reset.mutateAsync(values);
      setDone(res);
    },
    onInvalid: (errs) => {
      if (errs.token) form.setFormError(INVALID_LINK);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

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
        <FormAlert tone="success">{done.message}</FormAlert>
        <Link to={paths.login.portal(done.portal ?? 'user')} className="btn-primary mt-6 w-full">
          Log in
        </Link>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      eyebrow="Account"
      title="Choose a new password"
      subtitle="After the change, every device signed in to this account is signed out."
    >
      <Form form={form} className="flex flex-col gap-4">
        {form.formError ? (
          <FormAlert>
            <p>{form.formError}</p>
            <Link to={paths.forgotPassword} className="mt-1 inline-block text-accent-400 hover:underline">
              Ask for a new link
            </Link>
          </FormAlert>
        ) : null}
        <input type="hidden" {...register('token')} />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Saving...">
          Update password
        </SubmitButton>
      </Form>
    </AuthShell>
  );
}
