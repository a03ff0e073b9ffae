// Shown at /signup/shark ("Be a Shark"): apply to mentor. The application is stored for an admin to review; shark
// accounts are still created by the company, so this makes no account.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SPECIALIZATIONS, SPECIALIZATION_LABELS } from '#shared/constants.ts';
import { sharkApplicationSchema } from '#shared/applications.ts';
import { useSubmitSharkApplication } from '#web/features/applications/api.ts';
import { useSession } from '#web/features/viewer/api.ts';
import { SelectField, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { paths } from '#shared/routes.ts';

type FormIn = z.input<typeof sharkApplicationSchema>;
type FormOut = z.output<typeof sharkApplicationSchema>;
const FIELDS = ['name', 'email', 'specialization', 'experience', 'links', 'motivation'] as const;

export function SharkApplicationForm() {
  const id = useId();
  const session = useSession();
  const submit = useSubmitSharkApplication();
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<FormIn, FormOut>({
    schema: sharkApplicationSchema,
    fields: FIELDS,
    onSubmit: async (values) => {
      const res = await submit.mutateAsync(values);
      setDone(res.message);
    },
    defaultValues: {
      name: '',
      email: '',
      specialization: '' as FormIn['specialization'],
      links: '',
      motivation: '',
    },
  });
  const {
    register,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = form;

  // A signed-in visitor does not retype who they are.
  useEffect(() => {
    if (session.user)
      reset(
        { ...getValues(), name: session.user.fullName ?? '', email: session.user.email },
        { keepDirtyValues: true },
      );
  }, [session.user, reset, getValues]);

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Be a Shark</p>
        <h1 className="heading-1 mt-2">Mentor with Shark Security</h1>
        <p className="muted mt-3 text-lg">
          Sharks are practitioners who teach what they do every day. Tell us about yourself: an admin reviews
          every application, and if you are accepted, the company creates your shark account.
        </p>
      </header>

      {done ? (
        <div role="status" className="glass flex max-w-2xl flex-col gap-3 border-success-400/40 p-6 sm:p-8">
          <h2 className="text-xl font-semibold text-success-400">✓ Application received</h2>
          <p className="text-ink-300">{done}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.sharks.list} className="btn-primary">
              Meet the sharks
            </Link>
            <Link to={paths.home} className="btn-ghost">
              Back to Home
            </Link>
          </div>
        </div>
      ) : (
        <Form
          form={form}
          aria-label="Shark application"
          className="glass flex w-full max-w-2xl flex-col gap-5 p-6 sm:p-8"
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={`${id}-name`}
              label="Name"
              type="text"
              autoComplete="name"
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email')}
            />
            <SelectField
              id={`${id}-specialization`}
              label="Specialization"
              error={errors.specialization?.message}
              {...register('specialization')}
            >
              <option value="">Choose one</option>
              {SPECIALIZATIONS.map((s) => (
                <option key={s} value={s}>
                  {SPECIALIZATION_LABELS[s]}
                </option>
              ))}
            </SelectField>
            <TextField
              id={`${id}-experience`}
              label="Experience (years)"
              type="number"
              inputMode="numeric"
              min={0}
              max={80}
              step={1}
              error={errors.experience?.message}
              {...register('experience', { valueAsNumber: true })}
            />
          </div>
          <TextAreaField
            id={`${id}-links`}
            label={
              <>
                Links <span className="text-ink-400">(optional)</span>
              </>
            }
            rows={2}
            inputClassName="input"
            placeholder="LinkedIn, GitHub, blog, certifications"
            error={errors.links?.message}
            {...register('links')}
          />
          <TextAreaField
            id={`${id}-motivation`}
            label="Why do you want to mentor?"
            rows={5}
            inputClassName="input"
            error={errors.motivation?.message}
            {...register('motivation')}
          />
          <FormAlert>{form.formError}</FormAlert>
          <p className="muted text-xs">
            Applying does not create an account. We only use these details to review your application.
          </p>
          <SubmitButton
            className="btn-primary w-full sm:w-fit"
            pending={isSubmitting}
            pendingLabel="Sending…"
          >
            Send application
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
