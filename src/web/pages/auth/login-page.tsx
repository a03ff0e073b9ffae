// /login/:portal (user, shark, freelancer, admin): email + password against one portal. The server decides who may
// enter which portal and words the refusal; this page shows its message verbatim and offers the next step.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { MSG } from '../../../shared/messages';
import { loginSchema } from '../../../shared/schemas/auth';
import { useLogin, useResendVerification } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/client';
import { useSession } from '../../api/session';
import { AuthShell, SocialButtons } from '../../auth/form-ui';
import { TextField } from '../../components/form/field';
import { FormAlert } from '../../components/form/form-status';
import { isPortal, PORTALS, safeNext, type PortalInfo } from '../../auth/portals';
import { Spinner } from '../../components/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

const formSchema = loginSchema.omit({ portal: true });
type LoginForm = { email: string; password: string };

export default function LoginPage() {
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
  const [formError, setFormError] = useState<{ message: string; unverified: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(formSchema), defaultValues: { email: '', password: '' } });

  // Someone already signed in with this portal's role has nothing to do here. Not while a login of this page
  // runs or has just finished: that one navigates to `next` / the server's redirectTo itself.
  const busy = login.isPending || login.isSuccess;
  if (session.isPending) return <Spinner label="Loading" />;
  if (!busy && session.isSignedIn && session.roles.includes(info.role)) return <Navigate to={next ?? info.dashboard} replace />;

  const onSubmit = handleSubmit(
    async ({ email, password }) => {
      setFormError(null);
      resend.reset();
      try {
        const res = await login.mutateAsync({ email, password, portal: info.portal });
        navigate(next ?? res.redirectTo, { replace: true });
      } catch (err) {
        const unverified = err instanceof ApiError && err.code === 'email_unverified';
        // A 400 names fields; on a login every one of them means the same thing.
        const message = err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length > 0 ? MSG.fillAllFields : errorMessage(err);
        setFormError({ message, unverified });
      }
    },
    // One message for the form, as the spec words it, rather than the same line under both fields.
    () => setFormError({ message: MSG.fillAllFields, unverified: false }),
  );

  const onResend = () => {
    const email = getValues('email').trim();
    resend.mutate(email);
  };

  return (
    <AuthShell eyebrow={`${info.role} portal`} title={info.title} subtitle={info.tagline}>
      {session.isSignedIn ? (
        <p className="muted mb-4 text-sm">
          You are signed in as <span className="text-ink-100">{session.user?.email}</span>. Logging in here switches account.
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? (
          <FormAlert>
            <p>{formError.message}</p>
            {formError.unverified ? (
              <div className="mt-2 text-ink-100">
                {resend.isSuccess ? (
                  <p role="status">{resend.data.message}</p>
                ) : (
                  <button type="button" className="font-semibold text-accent-400 underline-offset-2 hover:underline" onClick={onResend} disabled={resend.isPending}>
                    {resend.isPending ? 'Sending...' : 'Resend verification email'}
                  </button>
                )}
                {resend.isError ? <p className="mt-1 text-danger-400">{errorMessage(resend.error)}</p> : null}
              </div>
            ) : null}
          </FormAlert>
        ) : null}
        <TextField label="Email" type="email" autoComplete="email" aria-invalid={errors.email ? true : undefined} {...register('email')} />
        <TextField label="Password" type="password" autoComplete="current-password" aria-invalid={errors.password ? true : undefined} {...register('password')} />
        <div className="-mt-1 text-right text-sm">
          <Link to={paths.forgotPassword} className="text-accent-400 hover:underline">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in...' : 'Log in'}
        </button>
      </form>
      {info.social ? <SocialButtons /> : null}
      <p className="muted mt-6 text-center text-sm">
        {info.signup ? (
          <>
            <Link to={info.signup.to} className="text-accent-400 hover:underline">
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
