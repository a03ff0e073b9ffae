// "Post a request" (issue 27): title, service, the scope as a list of assets in or out of scope, the testing
// window, a budget range in rupees, a deadline, the NDA and who may see it. It never asks for credentials and
// says so; the server refuses obvious secrets too.
import { useId, useRef } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  ASSET_TYPES,
  ASSET_TYPE_LABELS,
  NDA_TERMS,
  REQUEST_MSG,
  VISIBILITIES,
  VISIBILITY_LABELS,
  requestFormSchema,
  type RequestData,
  type RequestFormInput,
} from '#shared/client-requests.ts';
import {
  SECURITY_SERVICES,
  SECURITY_SERVICE_LABELS,
  type SecurityService,
} from '#shared/security-services.ts';
import { paths } from '#shared/routes.ts';
import { FieldError, SelectField, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { useCreateRequest } from './api';

const FIELDS = [
  'title',
  'service',
  'description',
  'assets',
  'windowFrom',
  'windowTo',
  'budgetMin',
  'budgetMax',
  'deadline',
  'ndaRequired',
  'visibility',
  ...Array.from({ length: 50 }, (_, i) => `assets.${i}.identifier`),
] as Path<RequestFormInput>[];

const isService = (s: string | null): s is SecurityService =>
  s !== null && (SECURITY_SERVICES as readonly string[]).includes(s);

export function RequestForm({ service }: { service: string | null }) {
  const id = useId();
  const create = useCreateRequest();
  const toast = useToast();
  const navigate = useNavigate();
  const publish = useRef(true);
  const form = useApiForm<RequestFormInput, RequestData>({
    // The budget is typed in whole rupees and sent in paise (decision 210).
    schema: requestFormSchema,
    defaultValues: {
      title: '',
      service: isService(service) ? service : undefined,
      description: '',
      assets: [{ type: 'web', identifier: '', inScope: true }],
      windowFrom: '',
      windowTo: '',
      budgetMin: '',
      budgetMax: '',
      deadline: '',
      ndaRequired: false,
      visibility: 'everyone',
    },
    fields: FIELDS,
    aliases: { budgetMinPaise: 'budgetMin', budgetMaxPaise: 'budgetMax' },
    onSubmit: async (values) => {
      const res = await create.mutateAsync({ ...values, publish: publish.current });
      toast(res.message, 'success');
      void navigate(paths.requests.detail(res.id));
    },
  });
  const { register, formState, control, watch } = form;
  const assets = useFieldArray({ control, name: 'assets' });
  const e = formState.errors;
  const nda = watch('ndaRequired');

  return (
    <Form form={form} className="glass flex flex-col gap-6 p-5 sm:p-7" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sr-only">
        Request details
      </h2>
      <FormAlert tone="info">{REQUEST_MSG.noSecretsNotice}</FormAlert>
      <FormAlert>{form.formError}</FormAlert>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-name`}
          label="Title"
          className="sm:col-span-2"
          placeholder="Pentest of our customer portal"
          error={e.title?.message}
          {...register('title')}
        />
        <SelectField id={`${id}-service`} label="Service" error={e.service?.message} {...register('service')}>
          <option value="">Choose a service</option>
          {SECURITY_SERVICES.map((s) => (
            <option key={s} value={s}>
              {SECURITY_SERVICE_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-deadline`}
          label="Proposals by (deadline)"
          type="date"
          error={e.deadline?.message}
          {...register('deadline')}
        />
        <TextAreaField
          id={`${id}-description`}
          label="What should be tested (optional)"
          className="sm:col-span-2"
          hint="Goals, size (pages, endpoints, hosts), test accounts you will create later, what to avoid."
          error={e.description?.message}
          {...register('description')}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 font-semibold text-ink-100">Scope</legend>
        <p className="muted -mt-1 text-sm">
          Each asset with its type: a URL, an app, an API base, a host or an IP range. Mark what is out of
          scope too.
        </p>
        <ul className="flex flex-col gap-3">
          {assets.fields.map((field, i) => (
            <li
              key={field.id}
              className="grid gap-3 rounded-xl border border-white/10 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_9rem_auto] sm:items-start"
            >
              <SelectField id={`${id}-asset-${i}-type`} label="Asset type" {...register(`assets.${i}.type`)}>
                {ASSET_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {ASSET_TYPE_LABELS[t]}
                  </option>
                ))}
              </SelectField>
              <TextField
                id={`${id}-asset-${i}-identifier`}
                label="Asset"
                placeholder="https://portal.example.in"
                error={e.assets?.[i]?.identifier?.message}
                {...register(`assets.${i}.identifier`)}
              />
              <SelectField
                id={`${id}-asset-${i}-scope`}
                label="Scope"
                {...register(`assets.${i}.inScope`, {
                  setValueAs: (v: unknown) => v === true || v === 'true',
                })}
              >
                <option value="true">In scope</option>
                <option value="false">Out of scope</option>
              </SelectField>
              <button
                type="button"
                className="btn-ghost self-end py-2"
                aria-label={`Remove asset ${i + 1}`}
                disabled={assets.fields.length === 1}
                onClick={() => assets.remove(i)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <FieldError message={e.assets?.message ?? e.assets?.root?.message} />
        <div>
          <button
            type="button"
            className="btn-ghost"
            disabled={assets.fields.length >= 50}
            onClick={() => assets.append({ type: 'web', identifier: '', inScope: true })}
          >
            Add an asset
          </button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-from`}
          label="Testing window: first day"
          type="date"
          error={e.windowFrom?.message}
          {...register('windowFrom')}
        />
        <TextField
          id={`${id}-to`}
          label="Testing window: last day"
          type="date"
          error={e.windowTo?.message}
          {...register('windowTo')}
        />
        <TextField
          id={`${id}-min`}
          label="Budget from (₹)"
          type="number"
          inputMode="numeric"
          min={1}
          error={e.budgetMin?.message}
          {...register('budgetMin')}
        />
        <TextField
          id={`${id}-max`}
          label="Budget up to (₹)"
          type="number"
          inputMode="numeric"
          min={1}
          error={e.budgetMax?.message}
          {...register('budgetMax')}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-ink-100">Confidentiality</legend>
        <label className="flex items-center gap-2 text-sm text-ink-100">
          <input type="checkbox" className="h-4 w-4 accent-accent-400" {...register('ndaRequired')} />
          Freelancers must accept an NDA before they see the scope
        </label>
        {nda ? (
          <p className="rounded-xl border border-white/10 p-3 text-sm text-ink-300">
            <span className="font-medium text-ink-100">NDA terms: </span>
            {NDA_TERMS}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold text-ink-100">Who may see it</legend>
        {VISIBILITIES.map((v) => (
          <label key={v} className="flex items-center gap-2 text-sm text-ink-100">
            <input type="radio" value={v} className="h-4 w-4 accent-accent-400" {...register('visibility')} />
            {VISIBILITY_LABELS[v]}
          </label>
        ))}
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <SubmitButton
          pending={formState.isSubmitting && publish.current}
          pendingLabel="Posting..."
          disabled={formState.isSubmitting}
          onClick={() => (publish.current = true)}
        >
          Post request
        </SubmitButton>
        <SubmitButton
          className="btn-ghost"
          pending={formState.isSubmitting && !publish.current}
          pendingLabel="Saving..."
          disabled={formState.isSubmitting}
          onClick={() => (publish.current = false)}
        >
          Save as draft
        </SubmitButton>
      </div>
    </Form>
  );
}
