// The shark's credentials in the workspace (decision 032): add a certification or a practice-platform profile
// with its verification link; each waits for an admin's check; a rejected one shows the reason.
import { useId } from 'react';
import { credentialInputSchema, type Credential, type CredentialInput } from '#shared/credentials.ts';
import { CREDENTIAL_MSG } from '#shared/credentials-texts.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { SelectField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatDate, formatDayOf } from '#web/lib/format.ts';
import { type CredentialOwner, useAddCredential, useOwnCredentials, useRemoveCredential } from './api';

const STATUS: Record<Credential['status'], { label: string; cls: string }> = {
  pending: { label: 'Waiting for verification', cls: 'border-white/15 text-ink-300' },
  verified: { label: 'Verified', cls: 'border-success-400/40 text-success-400' },
  rejected: { label: 'Not verified', cls: 'border-danger-400/40 text-danger-400' },
};

/** A shark's credentials (`sharkId`: the admin's acting shark), or with `freelancer` the signed-in freelancer's. */
export function CredentialsManager({ sharkId, freelancer }: { sharkId?: string; freelancer?: boolean }) {
  const owner: CredentialOwner = freelancer ? { kind: 'freelancer' } : { kind: 'shark', sharkId };
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
      <AddCredentialForm owner={owner} />
      <CredentialList owner={owner} />
    </div>
  );
}

function AddCredentialForm({ owner }: { owner: CredentialOwner }) {
  const add = useAddCredential(owner);
  const toast = useToast();
  const id = useId();
  const form = useApiForm<CredentialInput>({
    schema: credentialInputSchema,
    defaultValues: {
      kind: 'certification',
      name: '',
      issuer: '',
      credentialId: '',
      url: '',
      issuedOn: '',
      expiresOn: '',
    },
    fields: ['kind', 'name', 'issuer', 'credentialId', 'url', 'issuedOn', 'expiresOn'],
    onSubmit: async (values) => {
      const res = await add.mutateAsync(values);
      toast(res.message, 'success');
      form.reset();
    },
  });
  const { register, formState } = form;
  const e = formState.errors;
  return (
    <section aria-labelledby={`${id}-title`} className="glass p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-100">
        Add a credential
      </h2>
      <p className="muted mt-1 mb-4 text-sm">
        A certification (OSCP, CRTO, GCFA, AWS Security Specialty, CISSP...) or your Hack The Box or TryHackMe
        profile. Our team checks it against its link before it shows on your public profile.
      </p>
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        <SelectField id={`${id}-kind`} label="Type" error={e.kind?.message} {...register('kind')}>
          <option value="certification">Certification</option>
          <option value="platform">Practice platform profile</option>
        </SelectField>
        <TextField id={`${id}-name`} label="Name" error={e.name?.message} {...register('name')} />
        <TextField
          id={`${id}-issuer`}
          label="Issuer (optional)"
          error={e.issuer?.message}
          {...register('issuer')}
        />
        <TextField
          id={`${id}-credential-id`}
          label="Credential ID (optional)"
          error={e.credentialId?.message}
          {...register('credentialId')}
        />
        <TextField
          id={`${id}-url`}
          label="Verification link (https)"
          type="url"
          error={e.url?.message}
          {...register('url')}
        />
        <TextField
          id={`${id}-issued`}
          label="Issued on (optional)"
          type="date"
          error={e.issuedOn?.message}
          {...register('issuedOn')}
        />
        <TextField
          id={`${id}-expires`}
          label="Expires on (optional)"
          type="date"
          error={e.expiresOn?.message}
          {...register('expiresOn')}
        />
        <SubmitButton
          className="btn-primary w-full"
          pending={formState.isSubmitting}
          pendingLabel="Adding..."
        >
          Add credential
        </SubmitButton>
      </Form>
    </section>
  );
}

function CredentialList({ owner }: { owner: CredentialOwner }) {
  const list = useOwnCredentials(owner);
  const remove = useRemoveCredential(owner);
  const toast = useToast();
  return (
    <section aria-labelledby="my-credentials-title" className="glass p-5 sm:p-6">
      <h2 id="my-credentials-title" className="text-lg font-semibold text-ink-100">
        Your credentials
      </h2>
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label="Loading credentials" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="muted text-sm">No credentials yet. Add your first one with the form.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-white/10" aria-label="Your credentials">
            {list.data.map((c) => (
              <li key={c.id} className="flex flex-col gap-1 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
                  {c.name}
                  <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS[c.status].cls}`}>
                    {STATUS[c.status].label}
                  </span>
                </p>
                <p className="muted wrap-anywhere">
                  {[c.issuer, c.credentialId, c.expiresOn && `expires ${formatDate(c.expiresOn)}`]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                {c.status === 'verified' && c.verifiedAt ? (
                  <p className="text-xs text-success-400">
                    {CREDENTIAL_MSG.verifiedBy} {formatDayOf(c.verifiedAt)}
                  </p>
                ) : null}
                {c.reason ? <p className="text-danger-400">Reason: {c.reason}</p> : null}
                <div>
                  <button
                    type="button"
                    className="btn-ghost py-1.5"
                    aria-label={`Remove ${c.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(c.id, {
                        onSuccess: (r) => toast(r.message, 'success'),
                        onError: (err) => toast(errorMessage(err), 'error'),
                      })
                    }
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
