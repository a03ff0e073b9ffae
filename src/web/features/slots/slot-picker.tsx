// The slot picker of the booking panel: a grid of the shark's days (a day without a free time is shown
// disabled and cannot be picked), then the free start times of the chosen day. Times are in the learner's zone
// with the shark's local time beside them; both zones are written out. Keyboard: arrow keys move between days
// (one tab stop, roving tabindex), Home/End jump, Enter or Space picks.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SlotDay } from '#shared/availability.ts';
import { sameZone as isSameZone } from '#shared/time-zones.ts';
import { dateTimeFormat, formatLongDate, formatTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';

/** "Tue", "24", "Nov": a day cell's three lines, so every cell of the grid has the same shape at any width. */
const dayParts = (date: string) => {
  const parts = dateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month') };
};
const freeTimes = (n: number) => (n === 0 ? 'no free times' : n === 1 ? '1 free time' : `${n} free times`);

export function SlotPicker({
  days,
  sharkZone,
  value,
  onChange,
  error,
  learnerZone = viewerTimeZone(),
}: {
  days: SlotDay[];
  sharkZone: string;
  /** The chosen start instant (ISO) or ''. */
  value: string;
  onChange: (startsAt: string) => void;
  error?: string;
  learnerZone?: string;
}) {
  const id = useId();
  const firstOpen = Math.max(
    0,
    days.findIndex((d) => d.starts.includes(value) || (!value && d.starts.length > 0)),
  );
  const [chosen, setChosen] = useState<string | null>(
    () => days.find((d) => d.starts.includes(value))?.date ?? null,
  );
  const [focusIndex, setFocusIndex] = useState(firstOpen);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const sameZone = isSameZone(learnerZone, sharkZone);
  const day = days.find((d) => d.date === chosen);

  const move = (to: number) => {
    const next = Math.max(0, Math.min(days.length - 1, to));
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 7, ArrowLeft: -1, ArrowUp: -7 };
    if (e.key in step) {
      e.preventDefault();
      move(index + step[e.key]);
    } else if (e.key === 'Home') {
      e.preventDefault();
      move(0);
    } else if (e.key === 'End') {
      e.preventDefault();
      move(days.length - 1);
    }
  };
  const pick = (d: SlotDay, index: number) => {
    setFocusIndex(index);
    if (d.starts.length === 0) return;
    setChosen(d.date);
    if (!d.starts.includes(value)) onChange('');
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-zones`}>
      <legend className="text-sm font-medium text-ink-100">Day and start time</legend>
      <p id={`${id}-zones`} className="muted text-xs" data-testid="slot-zones">
        {sameZone
          ? `Times are in ${zoneName(learnerZone)}.`
          : `Times are in your time zone, ${zoneName(learnerZone)}; the shark's local time (${zoneName(sharkZone)}) is shown beside each.`}
      </p>
      <div role="group" aria-label="Days" className="grid grid-cols-7 gap-0.5 sm:gap-1">
        {days.map((d, i) => {
          const disabled = d.starts.length === 0;
          const selected = d.date === chosen;
          return (
            <button
              key={d.date}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === focusIndex ? 0 : -1}
              aria-disabled={disabled || undefined}
              aria-pressed={selected}
              aria-label={`${formatLongDate(d.date)}, ${freeTimes(d.starts.length)}`}
              onClick={() => pick(d, i)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`flex min-h-11 min-w-11 flex-col items-center rounded-lg border px-0.5 py-1.5 text-xs leading-tight focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-300 ${
                disabled
                  ? 'cursor-not-allowed border-white/5 text-ink-500 line-through'
                  : selected
                    ? 'border-accent-400 bg-accent-400/20 text-ink-100'
                    : 'border-white/10 text-ink-200 hover:border-accent-400/60'
              }`}
            >
              <DayCell date={d.date} />
            </button>
          );
        })}
      </div>
      {day ? (
        <div
          role="radiogroup"
          aria-label={`Start times on ${formatLongDate(day.date)}`}
          className="flex flex-wrap gap-2"
        >
          {day.starts.map((s) => {
            const mine = formatTimeIn(s, learnerZone);
            const theirs = formatTimeIn(s, sharkZone);
            return (
              <label
                key={s}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-300 ${
                  s === value ? 'border-accent-400 bg-accent-400/20' : 'border-white/10'
                }`}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${id}-start`}
                  value={s}
                  checked={s === value}
                  onChange={() => onChange(s)}
                />
                <span className="text-ink-100">{mine}</span>
                {sameZone ? null : <span className="muted text-xs">(shark: {theirs})</span>}
              </label>
            );
          })}
        </div>
      ) : (
        <p className="muted text-sm">Choose a day to see its free start times.</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function DayCell({ date }: { date: string }) {
  const { weekday, day, month } = dayParts(date);
  return (
    <>
      <span>{weekday}</span>
      <span className="text-sm font-semibold">{day}</span>
      <span>{month}</span>
    </>
  );
}
