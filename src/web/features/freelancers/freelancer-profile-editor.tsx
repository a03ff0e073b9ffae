// Shown at /freelancer/edit-profile: the spec's name and skills, and what the directory shows (issue 27):
// headline, services, day rate, experience, languages, portfolio links and the published toggle.
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import {
  DAY_RATE_MAX_PAISE,
  DAY_RATE_MIN_PAISE,
  MAX_PORTFOLIO_LINKS,
  freelancerProfileFormSchema,
  type FreelancerProfileView,
} from '#shared/freelancers.ts';
import { SECURITY_SERVICES, SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useFreelancerProfile, useUpdateFreelancerProfile } from './api';
import { ErrorState } from '#web/components/error-state.tsx';
import { FieldError, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { paths } from '#shared/routes.ts';
import { paiseToRupees } from '#shared/money.ts';

/** What the inputs hold: numbers and lists as the text typed. */
interface Values {
  name: string;
  skills: string;
  headline: string;
  services: string[];
  /** Whole rupees, as typed; sent as dayRatePaise. */
  dayRate: string;
  yearsExperience: string;
  languages: string;
  portfolioLinks: string;
  published: boolean;
}

const FIELDS = [
  'name',
  'skills',
  'headline',
  'services',
  'dayRate',
  'yearsExperience',
  'languages',
  'portfolioLinks',
  'published',
] as const;

const toValues = (p: FreelancerProfileView): Values => ({
  name: p.name,
  skills: p.skills,
  headline: p.headline,
  services: p.services,
  dayRate: p.dayRatePaise === null ? '' : paiseToRupees(p.dayRatePaise),
  yearsExperience: p.yearsExperience === null ? '' : String(p.yearsExperience),
  languages: p.languages.join(', '),
  portfolioLinks: p.portfolioLinks.join('\n'),
  published: p.published,
});

const EMPTY: Values = {
  name: '',
  skills: '',
  headline: '',
  services: [],
  dayRate: '',
  yearsExperience: '',
  languages: '',
  portfolioLinks: '',
  published: false,
};

export function FreelancerProfileEditor({ credentials }: { credentials?: React.ReactNode }) {
  const id = useId();
  const profile = useFreelancerProfile();
  const update = useUpdateFreelancerProfile();
  const toast = useToast();
  const form = useApiForm({
    schema: freelancerProfileFormSchema,
    defaultValues: EMPTY,
    fields: FIELDS,
    aliases: { dayRatePaise: 'dayRate' },
    onSubmit: async (values) => {
      form.reset(toValues(await update.mutateAsync(values)));
      toast(ACCOUNT_MSG.profileUpdated, 'success');
    },
  });
  const {
    register,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const published = watch('published');
  const publicId = profile.data?.id;
  const isPublic = profile.data?.published === true && publicId;

  useEffect(() => {
    if (profile.data) reset(toValues(profile.data));
  }, [profile.data, reset]);

  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
        <h1 className="heading-2 mt-2">Edit freelancer profile</h1>
        <p className="muted mt-1">What clients see in the freelancer directory and on your public profile.</p>
        {isPublic ? (
          <p className="mt-2 text-sm">
            <Link to={paths.freelancers.profile(publicId)} className="text-accent-400 hover:underline">
              View your public profile
            </Link>
          </p>
        ) : null}
      </header>
      {profile.isPending ? (
        <Spinner label="Loading your profile" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <Form
          form={form}
          aria-label="Freelancer profile"
          className="glass flex w-full max-w-2xl flex-col gap-5 p-6 sm:p-8"
        >
          <TextField
            id={`${id}-name`}
            label="Name"
            type="text"
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextAreaField
            id={`${id}-skills`}
            label="Skills"
            rows={4}
            inputClassName="input"
            placeholder="Web pentesting, Python automation, report writing"
            hint="Separate skills with commas."
            keepHint
            error={errors.skills?.message}
            {...register('skills')}
          />
          <TextField
            id={`${id}-headline`}
            label="Headline"
            type="text"
            maxLength={120}
            placeholder="Web and API penetration tester for fintech"
            hint="One line under your name in the directory."
            keepHint
            error={errors.headline?.message}
            {...register('headline')}
          />
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={errors.services ? `${id}-services-error` : undefined}
          >
            <legend className="label">Services offered</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {SECURITY_SERVICES.map((s) => (
                <label
                  key={s}
                  className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink-100"
                >
                  <input
                    type="checkbox"
                    value={s}
                    className="size-4 accent-accent-400"
                    {...register('services')}
                  />
                  {SECURITY_SERVICE_LABELS[s]}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-services-error`} message={errors.services?.message} />
          </fieldset>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              id={`${id}-rate`}
              label="Day rate (₹)"
              type="number"
              inputMode="numeric"
              min={DAY_RATE_MIN_PAISE / 100}
              max={DAY_RATE_MAX_PAISE / 100}
              step={1}
              hint="In rupees, for one working day."
              keepHint
              error={errors.dayRate?.message}
              {...register('dayRate')}
            />
            <TextField
              id={`${id}-years`}
              label="Years of experience"
              type="number"
              inputMode="numeric"
              min={0}
              max={60}
              step={1}
              error={errors.yearsExperience?.message}
              {...register('yearsExperience')}
            />
          </div>
          <TextField
            id={`${id}-languages`}
            label="Languages"
            type="text"
            placeholder="English, Hindi, Tamil"
            hint="Separate languages with commas."
            keepHint
            error={errors.languages?.message}
            {...register('languages')}
          />
          <TextAreaField
            id={`${id}-links`}
            label="Portfolio links"
            rows={3}
            inputClassName="input"
            placeholder="https://github.com/your-name"
            hint={`One https:// link per line, ${MAX_PORTFOLIO_LINKS} at most: GitHub, talks, write-ups, CVEs.`}
            keepHint
            error={errors.portfolioLinks?.message}
            {...register('portfolioLinks')}
          />
          <label className="flex cursor-pointer items-center justify-between gap-4 rounded-xl border border-white/10 bg-ink-950/40 px-4 py-3">
            <span>
              <span className="block text-sm font-medium text-ink-100">Published</span>
              <span className="muted block text-xs" id={`${id}-published-hint`}>
                {published
                  ? 'Listed in the freelancer directory, with a public profile page.'
                  : 'Hidden from the directory until you publish.'}{' '}
                Publishing needs a headline, at least one service and your day rate.
              </span>
              <FieldError message={errors.published?.message} />
            </span>
            <input
              type="checkbox"
              role="switch"
              className="peer sr-only"
              aria-describedby={`${id}-published-hint`}
              {...register('published')}
            />
            <span
              aria-hidden="true"
              className="relative h-6 w-11 shrink-0 rounded-full bg-ink-600 transition peer-checked:bg-accent-400 peer-focus-visible:outline-2 peer-focus-visible:outline-accent-400 after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:transition peer-checked:after:translate-x-5"
            />
          </label>
          <FormAlert>{form.formError}</FormAlert>
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
              Save profile
            </SubmitButton>
            <Link to={paths.freelancer.dashboard} className="btn-ghost">
              Back to dashboard
            </Link>
          </div>
        </Form>
      )}
      {credentials && profile.data ? (
        <section aria-labelledby={`${id}-credentials`} className="flex flex-col gap-4">
          <div>
            <h2 id={`${id}-credentials`} className="text-xl font-semibold text-ink-100">
              Credentials
            </h2>
            <p className="muted mt-1 text-sm">
              {profile.data.id
                ? 'Verified credentials show on your public profile with a verified badge.'
                : 'Save your profile once, then add your certifications and platform profiles.'}
            </p>
          </div>
          {profile.data.id ? credentials : null}
        </section>
      ) : null}
    </div>
  );
}
