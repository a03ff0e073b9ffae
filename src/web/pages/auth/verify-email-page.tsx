// /verify-email?token=...: the mailed verification link. Verifies on arrival; without a (good) token, offers a new mail.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { resendVerificationSchema } from '../../../shared/schemas/auth';
import { useResendVerification, verifyEmail } from '../../api/auth';
import { AuthShell } from '../../auth/form-ui';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert } from '../../components/form/form-status';
import { errorMessage } from '../../api/client';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

export default function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthShell eyebrow="Account" title="Verify your email">
      {token ? <VerifyToken token={token} /> : <ResendForm intro="Lost the verification mail, or the link expired? Enter your email and we will send a new one." />}
    </AuthShell>
  );
}

function VerifyToken({ token }: { token: string }) {
  // A query, not an effect: the token is single-use, and a query runs once per token even when React mounts twice.
  const result = useQuery({ queryKey: ['verify-email', token], queryFn: () => verifyEmail(token), retry: false, staleTime: Infinity, gcTime: Infinity });
  if (result.isPending) return <Spinner label="Verifying your email" />;
  if (result.isError) {
    return (
      <>
        <FormAlert>{errorMessage(result.error)}</FormAlert>
        <div className="mt-6">
          <ResendForm intro="Ask for a fresh link:" />
        </div>
      </>
    );
  }
  return (
    <>
      <FormAlert tone="success">{result.data.message}</FormAlert>
      <Link to={paths.login.chooser} className="btn-primary mt-6 w-full">
        Log in
      </Link>
    </>
  );
}

type Form = { email: string };

function ResendForm({ intro }: { intro: string }) {
  const resend = useResendVerification();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form>({ resolver: zodResolver(resendVerificationSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await resend.mutateAsync(email);
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email']));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="muted text-sm">{intro}</p>
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      {resend.isSuccess ? <FormAlert tone="success">{resend.data.message}</FormAlert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Resend verification email'}
      </button>
    </form>
  );
}
