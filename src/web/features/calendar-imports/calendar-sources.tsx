// The shark's other calendars (issue 26): paste the secret iCal address Google, Outlook or Apple gives, and its
// busy times take slots away from the free slots learners see. Each address shows when it was last read, and
// why it failed if it did; the address itself is a secret, shown back only masked.
import { useId } from 'react';
import {
  CALENDAR_IMPORT_MSG,
  MAX_CALENDAR_SOURCES,
  calendarSourceInputSchema,
  type CalendarSourceInput,
} from '#shared/calendar-imports.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { useAddCalendarSource, useCalendarSources, useRemoveCalendarSource } from './api';

export function CalendarSources() {
  const id = useId();
  const list = useCalendarSources();
  const add = useAddCalendarSource();
  const remove = useRemoveCalendarSource();
  const toast = useToast();
  const form = useApiForm<CalendarSourceInput>({
    schema: calendarSourceInputSchema,
    defaultValues: { url: '' },
    fields: ['url'],
    onSubmit: async (values) => {
      const res = await add.mutateAsync(values);
      toast(res.message, 'success');
      form.reset();
    },
  });
  const full = (list.data?.length ?? 0) >= MAX_CALENDAR_SOURCES;
  return (
    <section aria-labelledby={`${id}-title`} className="glass p-5 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink-100">
        Your other calendars
      </h2>
      <p className="muted mt-1 text-sm">
        Times you are busy in Google, Outlook or Apple Calendar are taken out of your free slots here (never a
        session already booked). Paste the calendar&apos;s secret address in iCal format: in Google Calendar,
        Settings → your calendar → Integrate calendar; in Outlook, Settings → Calendar → Shared calendars →
        Publish a calendar (ICS); in Apple Calendar, share the calendar publicly and copy its link. We read
        only when you are busy, never titles, and check again every few minutes.
      </p>
      <Form form={form} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
        <FormAlert>{form.formError}</FormAlert>
        <div className="min-w-0 flex-1">
          <TextField
            id={`${id}-url`}
            label="Calendar address (secret address in iCal format)"
            placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
            autoComplete="off"
            error={form.formState.errors.url?.message}
            {...form.register('url')}
          />
        </div>
        <SubmitButton
          className="btn-primary sm:mt-6"
          pending={form.formState.isSubmitting}
          pendingLabel="Adding..."
          disabled={full}
        >
          Add calendar
        </SubmitButton>
      </Form>
      {full ? <p className="muted mt-2 text-xs">{CALENDAR_IMPORT_MSG.tooMany}</p> : null}
      <div className="mt-4">
        {list.isPending ? (
          <Spinner label="Loading your calendars" />
        ) : list.isError ? (
          <ErrorState message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="muted text-sm">No calendars yet. Add one so your busy times block your free slots.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-white/10" aria-label="Your other calendars">
            {list.data.map((s) => (
              <li key={s.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-start sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere text-ink-100">{s.address}</p>
                  <p className="muted text-xs">
                    {s.lastSuccessAt
                      ? `Last read ${formatDateTime(s.lastSuccessAt)}`
                      : CALENDAR_IMPORT_MSG.neverRead}
                  </p>
                  {s.lastError ? (
                    <p className="text-xs text-danger-400">
                      {s.failingSince ? `Failing since ${formatDateTime(s.failingSince)}: ` : ''}
                      {s.lastError}
                    </p>
                  ) : null}
                </div>
                <button
                  type="button"
                  className="btn-ghost self-start py-1.5"
                  aria-label={`Remove ${s.address}`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(s.id, {
                      onSuccess: (r) => toast(r.message, 'success'),
                      onError: (err) => toast(errorMessage(err), 'error'),
                    })
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
