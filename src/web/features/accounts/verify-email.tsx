// Shown at /verify-email?token=...: the mailed verification link. Verifies on arrival; without a (good) token, offers a new mail.
import { Link, useSearchParams } from 'react-router';
import { resendVerificationSchema } from '#shared/accounts.ts';
import { useResendVerification, useVerifyEmail } from '#web/features/accounts/api.ts';
import { AuthShell } from '#web/features/accounts/auth-shell.tsx';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { paths } from '#shared/routes.ts';

export function VerifyEmail() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <AuthShell eyebrow="Account" title="Verify your email">
      {token ? (
        <VerifyToken token={token} />
      ) : (
        <ResendForm intro="Lost the verification mail, or the link expired? Enter your email and we will send a new one." />
      )}
    </AuthShell>
  );
}

function VerifyToken({ token }: { token: string }) {
  // Once per token, even when React mounts twice: the token is single-use (see useVerifyEmail).
  const result = useVerifyEmail(token);
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

type ResendValues = { email: string };

function ResendForm({ intro }: { intro: string }) {
  const resend = useResendVerification();
  const form = useApiForm<ResendValues>({
    schema: resendVerificationSchema,
    defaultValues: { email: '' },
    fields: ['email'],
    onSubmit: async ({ email }) => {
      await resend.mutateAsync(email);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <Form form={form} className="flex flex-col gap-4">
      <p className="muted text-sm">{intro}</p>
      <FormAlert>{form.formError}</FormAlert>
      <FormAlert tone="success">{resend.data?.message}</FormAlert>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Sending...">
        Resend verification email
      </SubmitButton>
    </Form>
  );
}
