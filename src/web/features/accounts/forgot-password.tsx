// Shown at /forgotpassword: ask for a reset link. The answer is the same whether or not the email has an account.
import { useState } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema, ACCOUNT_MSG } from '#shared/accounts.ts';
import { useForgotPassword } from '#web/features/accounts/api.ts';
import { AuthShell } from '#web/features/accounts/auth-shell.tsx';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { paths } from '#shared/routes.ts';

type ForgotForm = { email: string };

export function ForgotPassword() {
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm<ForgotForm>({
    schema: forgotPasswordSchema,
    defaultValues: { email: '' },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      setSent(null);
      const res = await forgot.mutateAsync(email);
      setSent(res.message || ACCOUNT_MSG.resetRequested);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <AuthShell
      eyebrow="Account"
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will mail you a link to choose a new password. The link works once, for one hour."
    >
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        <FormAlert tone="success">{sent}</FormAlert>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Sending...">
          {sent ? 'Send again' : 'Send reset link'}
        </SubmitButton>
      </Form>
      <p className="muted mt-6 text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login.chooser} className="text-accent-400 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthShell>
  );
}
