// The availability form's rules: time zone, buffer between sessions, minimum notice, how far ahead, daily cap.
import { BUFFER_CHOICES, type AvailabilitySettingsInput } from '#shared/availability.ts';
import { TimeZoneField } from './time-zone-field';

type Draft = AvailabilitySettingsInput;
const inputClass = 'input';

export function BookingRules({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TimeZoneField value={draft.timeZone} onChange={(timeZone) => set({ timeZone })} />
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
  );
}
