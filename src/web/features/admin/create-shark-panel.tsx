// Create a shark account (sharks never sign up): a verified account with the shark role, an unpublished
// profile, and a mail with a link to set a password.
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { createSharkSchema } from '#shared/admin.ts';
import { SPECIALIZATION_LABELS, SPECIALIZATIONS } from '#shared/constants.ts';
import { paths } from '#shared/routes.ts';
import { SelectField, TextField } from '#web/components/form/field.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { useToast } from '#web/components/toast.tsx';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { useCreateSharkAccount } from './api';
import { Section } from '#web/components/console-ui.tsx';

/** The create form: the API's schema, plus '' for "let the shark choose" in the select. */
const createSharkFormSchema = createSharkSchema.extend({
  specialization: z.enum([...SPECIALIZATIONS, '']).optional(),
});
type CreateSharkForm = z.input<typeof createSharkFormSchema>;

export function CreateSharkPanel() {
  const create = useCreateSharkAccount();
  const toast = useToast();
  const [created, setCreated] = useState<{ name: string; email: string; sharkId: string } | null>(null);
  const form = useApiForm<CreateSharkForm>({
    schema: createSharkFormSchema,
    defaultValues: { email: '', name: '', specialization: '' },
    fields: ['email', 'name', 'specialization'],
    onSubmit: async (values) => {
      setCreated(null);
      const res = await create.mutateAsync({
        email: values.email,
        name: values.name,
        specialization: values.specialization || undefined,
      });
      setCreated({
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        sharkId: res.sharkId,
      });
      toast('Shark account created', 'success');
      form.reset();
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <Section title="Create a shark account" id="create-shark-title">
      <p className="muted mb-4 text-sm">
        The shark gets a verified account with the shark role, an unpublished profile, and a mail with a link
        to set a password.
      </p>
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        {created ? (
          <FormAlert tone="success">
            <p>
              Shark account created for {created.name} ({created.email}). We mailed them a link to set their
              password.
            </p>
            <Link
              to={withSharkId(paths.shark.editProfile, created.sharkId)}
              className="mt-1 inline-block text-accent-400 hover:underline"
            >
              Open the new profile
            </Link>
          </FormAlert>
        ) : null}
        <TextField
          id="shark-email"
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="shark-name"
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          id="shark-specialization"
          label="Specialization (optional)"
          error={errors.specialization?.message}
          {...register('specialization')}
        >
          <option value="">Let the shark choose</option>
          {SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {SPECIALIZATION_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Creating...">
          Create shark account
        </SubmitButton>
      </Form>
    </Section>
  );
}
