// "Refund" on a payment of the finance console (decision 141): an admin refunds an amount typed in rupees (all or
// part of what is refundable), sent in paise (decision 210), with a reason kept in the audit log. The server checks
// it again and answers the message shown as a toast; its refusals show beside the field they name.
import { useId, useState } from 'react';
import { manualRefundFormSchema, type FinancePayment, type ManualRefundInput } from '#shared/finance.ts';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatPaise } from '#shared/money.ts';
import { useManualRefund } from './api';

type RefundForm = { amount: string; reason: string };

export function ManualRefundDialog({ payment }: { payment: FinancePayment }) {
  const [open, setOpen] = useState(false);
  const refund = useManualRefund();
  const toast = useToast();
  const id = useId();
  const form = useApiForm<RefundForm, ManualRefundInput>({
    schema: manualRefundFormSchema,
    defaultValues: { amount: '', reason: '' },
    fields: ['amount', 'reason'],
    aliases: { amountPaise: 'amount' },
    onSubmit: async (values) => {
      const res = await refund.mutateAsync({ paymentId: payment.id, ...values });
      toast(res.message, 'success');
      form.reset();
      setOpen(false);
    },
  });
  const subject = `${payment.learnerName}'s payment of ${formatPaise(payment.amountPaise, { exact: true })}`;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      trigger={
        <button type="button" className="btn-ghost py-1.5" aria-label={`Refund ${subject}`}>
          Refund
        </button>
      }
      title="Refund a payment"
      description={`${subject} to ${payment.sharkName}. Refundable: ${formatPaise(payment.refundablePaise, { exact: true })}. A payment is refunded once; the learner is mailed and gets a credit note, and the reason is kept in the audit log.`}
    >
      <Form form={form} className="flex flex-col gap-4" aria-label="Refund a payment">
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          id={`${id}-amount`}
          label="Amount in rupees"
          inputMode="decimal"
          autoComplete="off"
          hint={`Up to ${formatPaise(payment.refundablePaise, { exact: true })}; part of it is fine.`}
          error={form.formState.errors.amount?.message}
          {...form.register('amount')}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason (kept in the audit log)"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <ModalClose>Cancel</ModalClose>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Refunding…">
            Refund
          </SubmitButton>
        </div>
      </Form>
    </Modal>
  );
}
