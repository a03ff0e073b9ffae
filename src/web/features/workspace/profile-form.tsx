// The shark's public profile form: name, code name, headline, specialization, experience, languages, skills,
// bio, links, photo and the published toggle. Validated by the same schema as the server; the photo is uploaded right after the profile is saved.
import { useState } from 'react';
import { SPECIALIZATION_LABELS, SPECIALIZATIONS } from '#shared/constants.ts';
import {
  sharkProfileInputSchema,
  type SharkProfile,
  type SharkProfileValues,
  WORKSPACE_MSG,
} from '#shared/workspace.ts';
import { paths } from '#shared/routes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useSaveSharkProfile, useUploadSharkPhoto } from './api';
import { FieldError, SelectField, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { applyServerErrors, FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { ImageInput } from '#web/components/form/image-input.tsx';
import { SharkAvatar } from '#web/components/shark-avatar.tsx';
import { IMAGE_MSG } from '#shared/storage.ts';
import { LINK_SITE, SHARK_LINK_SITES, type SharkLinkSite } from '#shared/shark-links.ts';

interface FormValues {
  name: string;
  codeName: string;
  specialization: string;
  experience: string;
  bio: string;
  headline: string;
  /** Comma-separated in the form; the schema makes the list. */
  languages: string;
  skills: string;
  links: Record<SharkLinkSite, string>;
  published: boolean;
}
const FIELDS = [
  'name',
  'codeName',
  'specialization',
  'experience',
  'bio',
  'headline',
  'languages',
  'skills',
  ...SHARK_LINK_SITES.map((site) => `links.${site}` as const),
  'published',
] as const;

export function ProfileForm({ profile, sharkId }: { profile: SharkProfile; sharkId?: string }) {
  const toast = useToast();
  const save = useSaveSharkProfile(sharkId);
  const upload = useUploadSharkPhoto(sharkId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  // Remounts the file input after an upload, so it no longer shows the uploaded file's name.
  const [photoInputKey, setPhotoInputKey] = useState(0);
  const [saved, setSaved] = useState(false);
  // The form holds what the inputs hold (text); the schema turns it into the values the API takes.
  const form = useApiForm<FormValues, SharkProfileValues>({
    schema: sharkProfileInputSchema,
    fields: FIELDS,
    onSubmit: (values) => onSubmit(values),
    defaultValues: {
      name: profile.name,
      codeName: profile.codeName ?? '',
      specialization: profile.specialization ?? '',
      experience: profile.experience === null ? '' : String(profile.experience),
      bio: profile.bio ?? '',
      headline: profile.headline ?? '',
      languages: profile.languages.join(', '),
      skills: profile.skills.join(', '),
      links: Object.fromEntries(SHARK_LINK_SITES.map((site) => [site, profile.links[site] ?? ''])) as Record<
        SharkLinkSite,
        string
      >,
      published: profile.published,
    },
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const published = watch('published');
  const heldByAdmin = profile.adminUnpublishReason !== null;

  async function onSubmit(values: SharkProfileValues) {
    setSaved(false);
    try {
      await save.mutateAsync(values);
    } catch (err) {
      const message = applyServerErrors(err, form.setError, FIELDS) ?? errorMessage(err);
      form.setFormError(message);
      toast(message, 'error');
      return;
    }
    if (photo) {
      try {
        await upload.mutateAsync(photo);
        setPhoto(null);
        setPhotoError(null);
        setPhotoInputKey((k) => k + 1);
      } catch (err) {
        const message = errorMessage(err, IMAGE_MSG.uploadFailed);
        setPhotoError(err instanceof ApiError ? (err.fields.photo ?? message) : message);
        form.setFormError(message);
        toast(message, 'error');
        return;
      }
    }
    setSaved(true);
    toast(ACCOUNT_MSG.profileUpdated, 'success');
  }

  return (
    <Form form={form} className="glass flex flex-col gap-5 p-5 sm:p-6" aria-labelledby="profile-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="profile-title" className="text-lg font-semibold text-ink-100">
            Public profile
          </h2>
          <p className="muted mt-1 text-sm">What learners see on the sharks list and your profile page.</p>
        </div>
        {profile.id && profile.published ? (
          <a
            className="inline-flex min-h-11 w-fit items-center text-sm font-medium text-accent-300 hover:text-accent-400"
            href={paths.sharks.profile(profile.id)}
            target="_blank"
            rel="noreferrer"
          >
            View public page ↗
          </a>
        ) : null}
      </div>

      <ImageInput
        key={photoInputKey}
        label="Profile photo"
        name="photo"
        shape="round"
        currentUrl={profile.photoUrl}
        // Without a photo the workspace shows the initials learners see on the public page.
        placeholder={
          <SharkAvatar
            shark={{ id: profile.id ?? '', name: profile.name ?? '', photoUrl: null }}
            className="h-full w-full rounded-full"
            size={96}
          />
        }
        file={photo}
        error={photoError}
        onFile={(file, problem) => {
          setPhoto(file);
          setPhotoError(problem ? `${IMAGE_MSG.uploadFailed} ${problem}` : null);
        }}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Code name (optional)"
          placeholder="e.g. Hammerhead"
          error={errors.codeName?.message}
          {...register('codeName')}
        />
        <TextField
          label="Headline (optional)"
          placeholder="e.g. Principal Security Consultant at Razorpay"
          hint="Your current role and company, shown under your name."
          className="sm:col-span-2"
          error={errors.headline?.message}
          {...register('headline')}
        />
        <SelectField
          label="Specialization"
          error={errors.specialization?.message}
          {...register('specialization')}
        >
          <option value="">Choose a specialization…</option>
          {SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {SPECIALIZATION_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Experience (years)"
          type="number"
          inputMode="numeric"
          min={0}
          max={80}
          step={1}
          error={errors.experience?.message}
          {...register('experience')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Languages (optional)"
          placeholder="e.g. English, Hindi, Tamil"
          hint="Separate them with commas."
          error={errors.languages?.message}
          {...register('languages')}
        />
        <TextField
          label="Skills (optional)"
          placeholder="e.g. Burp Suite, Active Directory, OSCP"
          hint="Up to 12, separated by commas; the first three show on your card."
          error={errors.skills?.message}
          {...register('skills')}
        />
      </div>
      <TextAreaField
        label="Bio"
        rows={8}
        hint="Leave a blank line between paragraphs."
        error={errors.bio?.message}
        {...register('bio')}
      />
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-sm font-medium text-ink-100">Links (optional, https only)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {SHARK_LINK_SITES.map((site) => (
            <TextField
              key={site}
              label={LINK_SITE[site].label}
              type="url"
              inputMode="url"
              placeholder={LINK_SITE[site].example}
              error={errors.links?.[site]?.message}
              {...register(`links.${site}`)}
            />
          ))}
        </div>
      </fieldset>

      <label
        className={`flex items-center justify-between gap-4 rounded-xl border border-white/10 bg-ink-950/40 px-4 py-3 ${heldByAdmin ? 'cursor-not-allowed opacity-80' : 'cursor-pointer'}`}
      >
        <span>
          <span className="block text-sm font-medium text-ink-100">Published</span>
          {heldByAdmin ? (
            // An admin's unpublish sticks (the server refuses too); the shark reads why and who can lift it.
            <span id="published-held" className="block text-xs text-warning-400">
              {WORKSPACE_MSG.unpublishedByAdmin} {WORKSPACE_MSG.unpublishedByAdminReason}{' '}
              {profile.adminUnpublishReason}
            </span>
          ) : (
            <span className="muted block text-xs">
              {published
                ? 'Visible in the sharks list and at your public page.'
                : 'Hidden from learners until you publish.'}
            </span>
          )}
          <FieldError message={errors.published?.message} />
        </span>
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          disabled={heldByAdmin}
          aria-describedby={heldByAdmin ? 'published-held' : undefined}
          {...register('published')}
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-ink-600 transition peer-checked:bg-accent-400 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-400 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition peer-checked:after:translate-x-5"
        />
      </label>

      <FormAlert>{form.formError}</FormAlert>
      <FormAlert tone="success">{saved ? ACCOUNT_MSG.profileUpdated : null}</FormAlert>
      <div className="flex justify-end">
        <SubmitButton className="btn-primary w-full sm:w-auto" pending={isSubmitting} pendingLabel="Saving…">
          Save profile
        </SubmitButton>
      </div>
    </Form>
  );
}
