// Shown at /login/:portal (user, shark, freelancer, admin): email + password against one portal. The server decides who may
// enter which portal and words the refusal; this page shows its message verbatim and offers the next step.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { loginSchema, ACCOUNT_MSG } from '#shared/accounts.ts';
import { useLogin, useResendVerification } from '#web/features/accounts/api.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { AuthShell, SocialButtons } from '#web/features/accounts/auth-shell.tsx';
import { FieldError, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { isPortal, PORTALS, safeNext, withNext, type PortalInfo } from '#web/features/accounts/portals.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#shared/routes.ts';

const formSchema = loginSchema.omit({ portal: true });
type LoginForm = { email: string; password: string };

export function Login() {
  const { portal } = useParams();
  if (!isPortal(portal)) return <Navigate to={paths.home} replace />;
  // A fresh form per portal: moving from /login/user to /login/shark starts clean.
  return <PortalLogin key={portal} info={PORTALS[portal]} />;
}

function PortalLogin({ info }: { info: PortalInfo }) {
  useDocumentTitle(info.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const session = useSession();
  const login = useLogin();
  const resend = useResendVerification();
  // The refusal of an unverified account offers to send the verification mail again.
  const [unverified, setUnverified] = useState(false);
  // The user portal takes learner-only accounts (the spec): one that became a freelancer or shark is refused there,
  // and the refusal offers the portals such an account logs in at (issue 38).
  const [otherPortal, setOtherPortal] = useState(false);
  const form = useApiForm<LoginForm>({
    schema: formSchema,
    defaultValues: { email: '', password: '' },
    // No field messages beside the fields: on a login every one of them means the same thing.
    fields: [],
    onSubmit: async ({ email, password }) => {
      setUnverified(false);
      setOtherPortal(false);
      resend.reset();
      try {
        const res = await login.mutateAsync({ email, password, portal: info.portal });
        navigate(next ?? res.redirectTo, { replace: true });
      } catch (err) {
        setUnverified(err instanceof ApiError && err.code === ERROR_CODE.emailUnverified);
        setOtherPortal(
          info.portal === 'user' && err instanceof ApiError && err.code === ERROR_CODE.wrongPortal,
        );
        // A 400 names fields; the spec words them all as one message.
        form.setFormError(
          err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0
            ? ACCOUNT_MSG.fillAllFields
            : errorMessage(err),
        );
      }
    },
    // One message for the form, as the spec words it, rather than the same line under both fields.
    onInvalid: () => {
      setUnverified(false);
      form.setFormError(ACCOUNT_MSG.fillAllFields);
    },
  });
  const {
    register,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

  // Someone already signed in with this portal's role has nothing to do here. Not while a login of this page
  // runs or has just finished: that one navigates to `next` / the server's redirectTo itself.
  const busy = login.isPending || login.isSuccess;
  if (session.isPending) return <Spinner label="Loading" />;
  if (!busy && session.isSignedIn && session.roles.includes(info.role))
    return <Navigate to={next ?? info.dashboard} replace />;

  const onResend = () => {
    const email = getValues('email').trim();
    resend.mutate(email);
  };

  return (
    <AuthShell eyebrow={`${info.role} portal`} title={info.title} subtitle={info.tagline}>
      {session.isSignedIn ? (
        <p className="muted mb-4 text-sm">
          You are signed in as <span className="text-ink-100">{session.user?.email}</span>. Logging in here
          switches account.
        </p>
      ) : null}
      <Form form={form} className="flex flex-col gap-4">
        {form.formError ? (
          <FormAlert>
            <p>{form.formError}</p>
            {unverified ? (
              <div className="mt-2 text-ink-100">
                {resend.isSuccess ? (
                  <p role="status">{resend.data.message}</p>
                ) : (
                  <button
                    type="button"
                    className="font-semibold text-accent-400 underline-offset-2 hover:underline"
                    onClick={onResend}
                    disabled={resend.isPending}
                  >
                    {resend.isPending ? 'Sending...' : 'Resend verification email'}
                  </button>
                )}
                <FieldError message={resend.isError ? errorMessage(resend.error) : null} />
              </div>
            ) : null}
            {otherPortal ? (
              <p className="mt-2 text-ink-100">
                {ACCOUNT_MSG.otherPortals}{' '}
                <Link
                  className="font-semibold text-accent-400"
                  to={withNext(paths.login.portal('freelancer'), next)}
                >
                  Freelancer portal
                </Link>{' '}
                or{' '}
                <Link
                  className="font-semibold text-accent-400"
                  to={withNext(paths.login.portal('shark'), next)}
                >
                  Shark portal
                </Link>
                .
              </p>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          {...register('password')}
        />
        <div className="-mt-1 text-right text-sm">
          <Link to={paths.forgotPassword} className="text-accent-400 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Logging in...">
          Log in
        </SubmitButton>
      </Form>
      {info.social ? <SocialButtons /> : null}
      <p className="muted mt-6 text-center text-sm">
        {info.signup ? (
          <>
            <Link
              to={info.portal === 'user' ? withNext(info.signup.to, next) : info.signup.to}
              className="text-accent-400 hover:underline"
            >
              {info.signup.label}
            </Link>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        <Link to={paths.login.chooser} className="text-accent-400 hover:underline">
          Other login options
        </Link>
      </p>
    </AuthShell>
  );
}
