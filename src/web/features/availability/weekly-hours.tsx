// The availability form's weekly hours: for each weekday its time ranges (none: a day off), each removable,
// and "Add hours" for another range (09:00–17:00 to start).
import { WEEKDAYS, type AvailabilitySettingsInput } from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';

type Draft = AvailabilitySettingsInput;
const inputClass = 'input';

export function WeeklyHours({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  return (
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
                      weekly: draft.weekly.map((x, j) => (j === index ? { ...x, start: e.target.value } : x)),
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
                      weekly: draft.weekly.map((x, j) => (j === index ? { ...x, end: e.target.value } : x)),
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
              onClick={() => set({ weekly: [...draft.weekly, { weekday, start: '09:00', end: '17:00' }] })}
            >
              Add hours
            </button>
          </div>
        );
      })}
    </fieldset>
  );
}
