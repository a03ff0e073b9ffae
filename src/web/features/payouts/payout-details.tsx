// Payout details in the shark's workspace (issue 24) and on a freelancer's earnings page (issue 27): the saved
// details, masked, with "Change" to replace them, and the form (a UPI id or a bank account, and the PAN) checked
// field by field with the server's schema. An admin acting for a shark sees the masked details only.
import { useId, useState } from 'react';
import {
  PAYOUT_MSG,
  maskLast4,
  payoutDetailsInputSchema,
  type PayoutDetails,
  type PayoutDetailsInput,
  type PayoutDetailsValues,
} from '#shared/payouts.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { FieldError, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { isReadOnly, type PayoutOwner, usePayoutDetails, useSavePayoutDetails } from './api';

type Saved = NonNullable<PayoutDetails['details']>;

export function PayoutDetailsManager({ owner }: { owner: PayoutOwner }) {
  const details = usePayoutDetails(owner);
  const [changing, setChanging] = useState(false);
  // An admin acting for a shark (?sharkId=) may look, never change where the shark's money goes.
  const readOnly = isReadOnly(owner);
  if (details.isPending) return <Spinner label="Loading payout details" />;
  if (details.isError)
    return <ErrorState message={errorMessage(details.error)} onRetry={() => void details.refetch()} />;
  const saved = details.data.details;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start">
      <SavedDetails
        saved={saved}
        readOnly={readOnly}
        changing={changing}
        onChange={() => setChanging(true)}
      />
      {!readOnly && (changing || !saved) ? (
        <DetailsForm
          owner={owner}
          saved={saved}
          onDone={() => setChanging(false)}
          onCancel={saved ? () => setChanging(false) : undefined}
        />
      ) : null}
    </div>
  );
}

function SavedDetails({
  saved,
  readOnly,
  changing,
  onChange,
}: {
  saved: Saved | null;
  readOnly: boolean;
  changing: boolean;
  onChange: () => void;
}) {
  return (
    <section aria-labelledby="payout-saved-title" className="glass p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="payout-saved-title" className="text-lg font-semibold text-ink-100">
          Where we pay you
        </h2>
        {saved && !readOnly && !changing ? (
          <button type="button" className="btn-ghost py-1.5" onClick={onChange}>
            Change
          </button>
        ) : null}
      </div>
      {saved ? (
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-x-6">
          {saved.method === 'upi' ? (
            <Row label="UPI id" value={saved.upiMasked ?? ''} />
          ) : (
            <>
              <Row label="Account holder" value={saved.holderName ?? ''} />
              <Row label="Bank account" value={maskLast4(saved.accountLast4 ?? '')} />
              <Row label="IFSC" value={saved.ifsc ?? ''} />
            </>
          )}
          <Row label="PAN" value={maskLast4(saved.panLast4)} />
          <Row label="Last changed" value={formatDateTime(saved.updatedAt)} />
        </dl>
      ) : (
        <p className="muted mt-3 text-sm">{PAYOUT_MSG.noneYet}</p>
      )}
      {readOnly ? <p className="muted mt-4 text-sm">{PAYOUT_MSG.ownerOnly}</p> : null}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="muted">{label}</dt>
      <dd className="font-mono wrap-anywhere text-ink-100">{value}</dd>
    </>
  );
}

function DetailsForm({
  owner,
  saved,
  onDone,
  onCancel,
}: {
  owner: PayoutOwner;
  saved: Saved | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const save = useSavePayoutDetails(owner);
  const toast = useToast();
  const id = useId();
  const form = useApiForm<PayoutDetailsInput, PayoutDetailsValues>({
    schema: payoutDetailsInputSchema,
    defaultValues: {
      method: saved?.method ?? 'upi',
      upiId: '',
      holderName: saved?.holderName ?? '',
      accountNumber: '',
      accountNumberConfirm: '',
      ifsc: saved?.ifsc ?? '',
      pan: '',
    },
    fields: ['method', 'upiId', 'holderName', 'accountNumber', 'accountNumberConfirm', 'ifsc', 'pan'],
    onSubmit: async (values) => {
      const res = await save.mutateAsync(values);
      toast(res.message, 'success');
      onDone();
    },
  });
  const { register, formState, watch } = form;
  const e = formState.errors;
  const method = watch('method');
  return (
    <section aria-labelledby={`${id}-title`} className="glass p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-100">
        {saved ? 'Change payout details' : 'Add payout details'}
      </h2>
      <p className="muted mt-1 mb-4 text-sm">
        We keep your account number, UPI id and PAN encrypted and show only their last characters. Every
        change is mailed to you.
      </p>
      <Form form={form} className="flex flex-col gap-4" aria-label="Payout details">
        <FormAlert>{form.formError}</FormAlert>
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={e.method ? true : undefined}
          aria-describedby={e.method ? `${id}-method-error` : undefined}
        >
          <legend className="label">Pay me by</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            <label className="flex min-h-11 items-center gap-2 text-sm text-ink-100">
              <input type="radio" value="upi" {...register('method')} />
              UPI
            </label>
            <label className="flex min-h-11 items-center gap-2 text-sm text-ink-100">
              <input type="radio" value="bank" {...register('method')} />
              Bank account
            </label>
          </div>
          <FieldError id={`${id}-method-error`} message={e.method?.message} />
        </fieldset>
        {method === 'bank' ? (
          <>
            <TextField
              id={`${id}-holder`}
              label="Account holder's name"
              autoComplete="name"
              error={e.holderName?.message}
              {...register('holderName')}
            />
            <TextField
              id={`${id}-account`}
              label="Account number"
              inputMode="numeric"
              autoComplete="off"
              error={e.accountNumber?.message}
              {...register('accountNumber')}
            />
            <TextField
              id={`${id}-account-again`}
              label="Account number again"
              inputMode="numeric"
              autoComplete="off"
              error={e.accountNumberConfirm?.message}
              {...register('accountNumberConfirm')}
            />
            <TextField
              id={`${id}-ifsc`}
              label="IFSC"
              autoComplete="off"
              autoCapitalize="characters"
              hint="11 characters, on your cheque book or passbook (like HDFC0001234)."
              error={e.ifsc?.message}
              {...register('ifsc')}
            />
          </>
        ) : (
          <TextField
            id={`${id}-upi`}
            label="UPI id"
            autoComplete="off"
            autoCapitalize="none"
            hint="Like name@okaxis; your UPI app shows it."
            error={e.upiId?.message}
            {...register('upiId')}
          />
        )}
        <TextField
          id={`${id}-pan`}
          label="PAN"
          autoComplete="off"
          autoCapitalize="characters"
          hint="Needed to report what we pay you to the income tax department."
          error={e.pan?.message}
          {...register('pan')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          {onCancel ? (
            <button type="button" className="btn-ghost" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
          <SubmitButton className="btn-primary" pending={formState.isSubmitting} pendingLabel="Saving...">
            Save payout details
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
