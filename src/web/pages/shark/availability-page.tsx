// /shark/availability: the shark's time zone, weekly hours, date overrides, buffer, notice, horizon and daily
// cap, whether the calendar is open, and a preview of the slots learners will be offered. An admin picks the
// shark (?sharkId=).
import { useState, type FormEvent } from 'react';
import {
  BUFFER_CHOICES,
  WEEKDAYS,
  type AvailabilitySettingsInput,
  type AvailabilityView,
} from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useSaveAvailability, useWorkspaceAvailability } from '#web/features/availability/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { formatDate, formatTimeIn, zoneName } from '#web/lib/format.ts';

export default function AvailabilityPage() {
  useDocumentTitle(ROUTES.shark.availability.title);
  return (
    <WorkspaceShell
      title="Availability"
      intro="When learners can book you. Times are wall-clock times in your time zone."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <AvailabilityEditor key={sharkId ?? 'own'} sharkId={sharkId} />}
    </WorkspaceShell>
  );
}

function AvailabilityEditor({ sharkId }: { sharkId?: string }) {
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
const inputClass = 'input';

function Editor({ sharkId, view }: { sharkId?: string; view: AvailabilityView }) {
  const save = useSaveAvailability(sharkId);
  const [draft, setDraft] = useState<Draft>(() => {
    const { preview: _preview, ...rest } = view;
    return rest;
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
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            Time zone (IANA name)
            <input
              className={inputClass}
              value={draft.timeZone}
              onChange={(e) => set({ timeZone: e.target.value })}
              list="time-zones"
            />
            <datalist id="time-zones">
              {Intl.supportedValuesOf('timeZone').map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Buffer between sessions
            <select
              className={inputClass}
              value={draft.bufferMinutes}
              onChange={(e) => set({ bufferMinutes: Number(e.target.value) })}
            >
              {BUFFER_CHOICES.map((b) => (
                <option key={b} value={b}>
                  {b} minutes
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Minimum notice (hours)
            <input
              className={inputClass}
              type="number"
              min={0}
              max={168}
              value={draft.minNoticeMinutes / 60}
              onChange={(e) => set({ minNoticeMinutes: Math.round(Number(e.target.value) * 60) })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Book up to (days ahead)
            <input
              className={inputClass}
              type="number"
              min={1}
              max={180}
              value={draft.horizonDays}
              onChange={(e) => set({ horizonDays: Number(e.target.value) })}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Sessions per day at most (empty: no cap)
            <input
              className={inputClass}
              type="number"
              min={1}
              max={24}
              value={draft.dailyCap ?? ''}
              onChange={(e) => set({ dailyCap: e.target.value === '' ? null : Number(e.target.value) })}
            />
          </label>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base font-semibold text-ink-100">Weekly hours</legend>
          {WEEKDAYS.map((name, i) => {
            const weekday = i + 1;
            const ranges = draft.weekly
              .map((r, index) => ({ r, index }))
              .filter(({ r }) => r.weekday === weekday);
            return (
              <div key={name} className="flex flex-wrap items-center gap-2 text-sm">
                <span className="w-24 text-ink-300">{name}</span>
                {ranges.length === 0 ? <span className="muted">{AVAILABILITY_MSG.dayOff}</span> : null}
                {ranges.map(({ r, index }) => (
                  <span key={index} className="flex items-center gap-1">
                    <input
                      aria-label={`${name} from`}
                      type="time"
                      className={inputClass}
                      value={r.start}
                      onChange={(e) =>
                        set({
                          weekly: draft.weekly.map((x, j) =>
                            j === index ? { ...x, start: e.target.value } : x,
                          ),
                        })
                      }
                    />
                    –
                    <input
                      aria-label={`${name} to`}
                      type="time"
                      className={inputClass}
                      value={r.end}
                      onChange={(e) =>
                        set({
                          weekly: draft.weekly.map((x, j) =>
                            j === index ? { ...x, end: e.target.value } : x,
                          ),
                        })
                      }
                    />
                    <button
                      type="button"
                      className="btn-ghost"
                      aria-label={`Remove ${name} ${r.start}–${r.end}`}
                      onClick={() => set({ weekly: draft.weekly.filter((_, j) => j !== index) })}
                    >
                      ✕
                    </button>
                  </span>
                ))}
                <button
                  type="button"
                  className="btn-ghost"
                  aria-label={`Add hours on ${name}`}
                  onClick={() =>
                    set({ weekly: [...draft.weekly, { weekday, start: '09:00', end: '17:00' }] })
                  }
                >
                  Add hours
                </button>
              </div>
            );
          })}
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-base font-semibold text-ink-100">Date overrides</legend>
          {draft.overrides.map((o, index) => (
            <div key={index} className="flex flex-wrap items-center gap-2 text-sm">
              <input
                aria-label="Override date"
                type="date"
                className={inputClass}
                value={o.date}
                onChange={(e) =>
                  set({
                    overrides: draft.overrides.map((x, j) =>
                      j === index ? { ...x, date: e.target.value } : x,
                    ),
                  })
                }
              />
              <label className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={o.ranges.length === 0}
                  onChange={(e) =>
                    set({
                      overrides: draft.overrides.map((x, j) =>
                        j === index
                          ? { ...x, ranges: e.target.checked ? [] : [{ start: '09:00', end: '17:00' }] }
                          : x,
                      ),
                    })
                  }
                />
                {AVAILABILITY_MSG.dayOff}
              </label>
              {o.ranges.map((r, k) => (
                <span key={k} className="flex items-center gap-1">
                  <input
                    aria-label="Override from"
                    type="time"
                    className={inputClass}
                    value={r.start}
                    onChange={(e) =>
                      set({
                        overrides: draft.overrides.map((x, j) =>
                          j === index
                            ? {
                                ...x,
                                ranges: x.ranges.map((y, m) =>
                                  m === k ? { ...y, start: e.target.value } : y,
                                ),
                              }
                            : x,
                        ),
                      })
                    }
                  />
                  –
                  <input
                    aria-label="Override to"
                    type="time"
                    className={inputClass}
                    value={r.end}
                    onChange={(e) =>
                      set({
                        overrides: draft.overrides.map((x, j) =>
                          j === index
                            ? {
                                ...x,
                                ranges: x.ranges.map((y, m) => (m === k ? { ...y, end: e.target.value } : y)),
                              }
                            : x,
                        ),
                      })
                    }
                  />
                </span>
              ))}
              <button
                type="button"
                className="btn-ghost"
                aria-label={`Remove override ${o.date}`}
                onClick={() => set({ overrides: draft.overrides.filter((_, j) => j !== index) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn-ghost self-start"
            onClick={() => set({ overrides: [...draft.overrides, { date: '', ranges: [] }] })}
          >
            Add a date override
          </button>
        </fieldset>

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

      <section className="glass p-5" aria-labelledby="preview-title">
        <h2 id="preview-title" className="text-base font-semibold text-ink-100">
          {AVAILABILITY_MSG.previewTitle}
        </h2>
        <p className="muted text-xs">1-hour sessions, in {zoneName(zone)}.</p>
        {preview.every((d) => d.starts.length === 0) ? (
          <p className="muted mt-3 text-sm">{AVAILABILITY_MSG.previewEmpty}</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="availability-preview">
            {preview
              .filter((d) => d.starts.length > 0)
              .map((d) => (
                <li key={d.date}>
                  <span className="font-medium text-ink-100">{formatDate(d.date)}</span>:{' '}
                  {d.starts.map((s) => formatTimeIn(s, zone)).join(', ')}
                </li>
              ))}
          </ul>
        )}
      </section>
    </div>
  );
}
