// /forgotpassword: ask for a reset link. The answer is the same whether or not the email has an account.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MSG } from '../../../shared/messages';
import { forgotPasswordSchema } from '../../../shared/schemas/auth';
import { useForgotPassword } from '../../api/auth';
import { AuthShell } from '../../auth/form-ui';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert } from '../../components/form/form-status';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

type Form = { email: string };

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const forgot = useForgotPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    setSent(null);
    try {
      const res = await forgot.mutateAsync(email);
      setSent(res.message || MSG.resetRequested);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email']));
    }
  });

  return (
    <AuthShell eyebrow="Account" title="Forgot your password?" subtitle="Enter the email of your account and we will mail you a link to choose a new password. The link works once, for one hour.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {sent ? <FormAlert tone="success">{sent}</FormAlert> : null}
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : sent ? 'Send again' : 'Send reset link'}
        </button>
      </form>
      <p className="muted mt-6 text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login.chooser} className="text-accent-400 hover:underline">
          Back to login
        </Link>
      </p>
    </AuthShell>
  );
}
