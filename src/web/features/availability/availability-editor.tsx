// The shark's availability editor (/shark/availability): whether the calendar is open, the booking rules,
// weekly hours, date overrides, and a preview of the slots learners will be offered. Saved as one draft.
import { useState, type FormEvent } from 'react';
import type { AvailabilitySettingsInput, AvailabilityView } from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { viewerTimeZone } from '#web/lib/format.ts';
import { useSaveAvailability, useWorkspaceAvailability } from './api';
import { BookingRules } from './booking-rules';
import { DateOverrides } from './date-overrides';
import { SlotsPreview } from './slots-preview';
import { WeeklyHours } from './weekly-hours';

export function AvailabilityEditor({ sharkId }: { sharkId?: string }) {
  const view = useWorkspaceAvailability(sharkId);
  if (view.isPending)
    return (
      <div role="status" aria-label="Loading availability">
        <Skeleton className="h-64" />
      </div>
    );
  if (view.isError)
    return <ErrorState message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  return <Editor sharkId={sharkId} view={view.data} />;
}

type Draft = AvailabilitySettingsInput;

function Editor({ sharkId, view }: { sharkId?: string; view: AvailabilityView }) {
  const save = useSaveAvailability(sharkId);
  const [draft, setDraft] = useState<Draft>(() => {
    const { preview: _preview, imported: _imported, ...rest } = view;
    // A calendar never set up starts in the browser's zone, not the platform's default (issue 25).
    const fresh = !view.published && view.weekly.length === 0 && view.overrides.length === 0;
    return fresh ? { ...rest, timeZone: viewerTimeZone() } : rest;
  });
  const [message, setMessage] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    save.mutate(draft, { onSuccess: (res) => setMessage(res.message) });
  };
  const preview = save.data?.availability.preview ?? view.preview;
  const zone = save.data?.availability.timeZone ?? view.timeZone;
  const imported = save.data?.availability.imported ?? view.imported;

  return (
    <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
      <form className="glass flex flex-col gap-5 p-5" onSubmit={onSubmit} noValidate>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.published}
            onChange={(e) => set({ published: e.target.checked })}
          />
          {AVAILABILITY_MSG.published}
        </label>
        <BookingRules draft={draft} set={set} />
        <WeeklyHours draft={draft} set={set} />
        <DateOverrides draft={draft} set={set} />
        {save.isError ? (
          <div role="alert" className="text-sm text-danger-400">
            <p>{errorMessage(save.error)}</p>
          </div>
        ) : null}
        {message ? (
          <p role="status" className="text-sm text-success-400">
            {message}
          </p>
        ) : null}
        <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save availability'}
        </button>
      </form>

      <SlotsPreview preview={preview} zone={zone} imported={imported} />
    </div>
  );
}
