// Shown at /shark-application/confirm?token=: an approved applicant whose email already had an account confirms, logged
// in with that email, and the account gains the shark role (decision 032).
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_MSG } from '#shared/admin.ts';
import { paths } from '#shared/routes.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { useConfirmSharkRole } from '#web/features/credentials/api.ts';

export function ConfirmSharkRole() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmSharkRole();
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="container-page max-w-xl py-10 sm:py-14">
      <h1 className="heading-2">Confirm your shark account</h1>
      <p className="muted mt-2">
        Your application was accepted. Confirm to add the shark role to the account you are logged in with.
      </p>
      <div className="mt-6 flex flex-col gap-4">
        {!token ? <FormAlert>{ADMIN_MSG.confirmTokenInvalid}</FormAlert> : null}
        {confirm.isError ? <FormAlert>{errorMessage(confirm.error)}</FormAlert> : null}
        {done ? (
          <FormAlert tone="success">
            <p>{done}</p>
            <Link to={paths.shark.editProfile} className="mt-1 inline-block text-accent-400 hover:underline">
              Open my workspace
            </Link>
          </FormAlert>
        ) : (
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={!token || confirm.isPending}
              onClick={() => confirm.mutate(token, { onSuccess: (r) => setDone(r.message) })}
            >
              {confirm.isPending ? 'Confirming...' : 'Confirm and become a shark'}
            </button>
            <Link to={paths.login.portal('user')} className="btn-ghost">
              Log in first
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
