// The finance console's corrections (decision 208): an admin reverses a posting by its transaction key (as the
// ledger export prints it) with a reason, which the audit log keeps and the payee reads on its statement. The
// ledger posts its mirror, linked to it; a posting is reversed once, and a reversal is never reversed.
import { useId } from 'react';
import { reversalSchema, type ReversalInput } from '#shared/finance.ts';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Section } from '#web/components/console-ui.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useReversal } from './api';

export function CorrectionsPanel() {
  const id = useId();
  const reversal = useReversal();
  const toast = useToast();
  const form = useApiForm<ReversalInput>({
    schema: reversalSchema,
    defaultValues: { key: '', reason: '' },
    fields: ['key', 'reason'],
    onSubmit: async (values) => {
      const res = await reversal.mutateAsync(values);
      toast(res.message, 'success');
      form.reset();
    },
  });
  return (
    <Section
      title="Reverse a posting"
      id="finance-corrections-title"
      intro="A posting is never changed: a correction posts its mirror image, every amount negated, linked to it. The payee's balances, earnings lines and statement move with it. A posting is reversed once."
    >
      <Form form={form} className="flex max-w-xl flex-col gap-4" aria-label="Reverse a posting">
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          id={`${id}-key`}
          label="Transaction key"
          autoComplete="off"
          spellCheck={false}
          hint="As the ledger export shows it, for example booking:…:share_released."
          error={form.formState.errors.key?.message}
          {...form.register('key')}
        />
        <TextAreaField
          id={`${id}-reason`}
          label="Reason (kept in the audit log; the payee reads it on its statement)"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <div>
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Reversing…">
            Reverse
          </SubmitButton>
        </div>
      </Form>
    </Section>
  );
}
