// The availability form's date overrides: a date that is a day off or has its own hours instead of the week's.
import type { AvailabilitySettingsInput } from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';

type Draft = AvailabilitySettingsInput;
const inputClass = 'input';

export function DateOverrides({ draft, set }: { draft: Draft; set: (patch: Partial<Draft>) => void }) {
  return (
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
                overrides: draft.overrides.map((x, j) => (j === index ? { ...x, date: e.target.value } : x)),
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
                            ranges: x.ranges.map((y, m) => (m === k ? { ...y, start: e.target.value } : y)),
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
  );
}
