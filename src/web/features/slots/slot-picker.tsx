// The slot picker of the booking panel and the reschedule dialog: a week strip of the shark's days (previous and
// next week; a day without a free time is shown disabled and cannot be picked) with a "Next available" jump, then
// the free start times of the chosen day. Times are in the learner's zone with the shark's local time beside
// them; both zones are written out, and a time that falls on another date in the learner's zone says so
// ("+1 day"). On a phone the times are grouped as morning, afternoon and evening. Keyboard: arrow keys move
// between days (one tab stop, roving tabindex; past the week's edge the strip turns the week), Home/End jump
// within the week, Enter or Space picks.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SlotDay } from '#shared/availability.ts';
import { sameZone as isSameZone } from '#shared/time-zones.ts';
import { dateTimeFormat, formatLongDate, formatTimeIn, viewerTimeZone, zoneName } from '#web/lib/format.ts';

const WEEK = 7;

/** "Tue", "24", "Nov": a day cell's three lines, so every cell of the strip has the same shape at any width. */
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
const shortDay = (date: string) => {
  const { weekday, day, month } = dayParts(date);
  return `${weekday} ${day} ${month}`;
};
const freeTimes = (n: number) => (n === 0 ? 'no free times' : n === 1 ? '1 free time' : `${n} free times`);

/** The instant's calendar date in a zone, YYYY-MM-DD. */
const dateIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
const hourIn = (iso: string, timeZone: string) =>
  Number(dateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(iso)));

/** "+1 day" when the time falls on the next date in the learner's zone (or "−1 day" on the one before). */
export function dayShift(start: string, sharkDate: string, learnerZone: string): string | null {
  const mine = Date.parse(`${dateIn(start, learnerZone)}T00:00:00Z`);
  const days = Math.round((mine - Date.parse(`${sharkDate}T00:00:00Z`)) / 86_400_000);
  if (days === 0) return null;
  return `${days > 0 ? '+' : '−'}${Math.abs(days)} day`;
}

const PARTS_OF_DAY = [
  { name: 'Morning', from: 0 },
  { name: 'Afternoon', from: 12 },
  { name: 'Evening', from: 17 },
] as const;

/** True on a phone-sized viewport (below Tailwind's `sm`), following resizes. */
function useNarrow(): boolean {
  const query = '(max-width: 639px)';
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches,
  );
  useEffect(() => {
    const mq = window.matchMedia?.(query);
    if (!mq) return;
    const on = () => setNarrow(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return narrow;
}

export function SlotPicker({
  days,
  sharkZone,
  value,
  onChange,
  error,
  learnerZone = viewerTimeZone(),
  initialDay,
  onDayChange,
}: {
  days: SlotDay[];
  sharkZone: string;
  /** The chosen start instant (ISO) or ''. */
  value: string;
  onChange: (startsAt: string) => void;
  error?: string;
  learnerZone?: string;
  /** The day to open on (YYYY-MM-DD, e.g. from the URL) when no start is chosen yet. */
  initialDay?: string | null;
  /** Told when the learner picks a day, so the page can keep it (in the URL). */
  onDayChange?: (date: string) => void;
}) {
  const id = useId();
  const narrow = useNarrow();
  const open = (d: SlotDay | undefined) => !!d && d.starts.length > 0;
  const [chosen, setChosen] = useState<string | null>(
    () =>
      days.find((d) => d.starts.includes(value))?.date ??
      days.find((d) => d.date === initialDay && open(d))?.date ??
      days.find(open)?.date ??
      null,
  );
  const chosenIndex = days.findIndex((d) => d.date === chosen);
  const [week, setWeek] = useState(() => Math.floor(Math.max(0, chosenIndex) / WEEK));
  const [focusIndex, setFocusIndex] = useState(() => Math.max(0, chosenIndex));
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const sameZone = isSameZone(learnerZone, sharkZone);
  const day = days.find((d) => d.date === chosen);
  const weeks = Math.max(1, Math.ceil(days.length / WEEK));
  const shown = days.slice(week * WEEK, week * WEEK + WEEK);
  const nextOpen = days.findIndex((d, i) => i > chosenIndex && open(d));
  // The one tab stop of the strip: the focused day when it is in this week, else the week's first day.
  const tabStop = focusIndex >= week * WEEK && focusIndex < week * WEEK + WEEK ? focusIndex : week * WEEK;

  const show = (index: number, focus: boolean) => {
    const to = Math.floor(index / WEEK);
    setWeek(to);
    setFocusIndex(index);
    if (!focus) return;
    // In this week the day is there to focus; another week renders first.
    if (to === week) buttons.current[index]?.focus();
    else requestAnimationFrame(() => buttons.current[index]?.focus());
  };
  const move = (to: number) => show(Math.max(0, Math.min(days.length - 1, to)), true);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (e.key in step) {
      e.preventDefault();
      move(index + step[e.key]);
    } else if (e.key === 'Home') {
      e.preventDefault();
      move(week * WEEK);
    } else if (e.key === 'End') {
      e.preventDefault();
      move(Math.min(days.length - 1, week * WEEK + WEEK - 1));
    }
  };
  const pick = (d: SlotDay, index: number) => {
    setFocusIndex(index);
    if (d.starts.length === 0) return;
    setChosen(d.date);
    onDayChange?.(d.date);
    if (!d.starts.includes(value)) onChange('');
  };
  const turnWeek = (to: number) => {
    setWeek(to);
    const first = days.findIndex((d, i) => i >= to * WEEK && open(d));
    setFocusIndex(first >= 0 && first < to * WEEK + WEEK ? first : to * WEEK);
  };

  const times = day?.starts ?? [];
  const groups = narrow
    ? PARTS_OF_DAY.map((p, i) => ({
        name: p.name,
        starts: times.filter((s) => {
          const h = hourIn(s, learnerZone);
          return h >= p.from && h < (PARTS_OF_DAY[i + 1]?.from ?? 24);
        }),
      })).filter((g) => g.starts.length > 0)
    : [{ name: null, starts: times }];

  const navButton =
    'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-white/10 text-ink-200 hover:border-accent-400/60 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-300';

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-zones`}>
      <legend className="text-sm font-medium text-ink-100">Day and start time</legend>
      <p id={`${id}-zones`} className="muted text-xs" data-testid="slot-zones">
        {sameZone
          ? `Times are in ${zoneName(learnerZone)}.`
          : `Times are in your time zone, ${zoneName(learnerZone)}; the shark's local time (${zoneName(sharkZone)}) is shown beside each.`}
      </p>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label="Previous week"
          disabled={week === 0}
          onClick={() => turnWeek(week - 1)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <p className="text-sm text-ink-200" aria-live="polite">
          {shown.length > 0 ? `${shortDay(shown[0].date)} – ${shortDay(shown[shown.length - 1].date)}` : null}
        </p>
        <button
          type="button"
          className={navButton}
          aria-label="Next week"
          disabled={week >= weeks - 1}
          onClick={() => turnWeek(week + 1)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div role="group" aria-label="Days" className="grid grid-cols-7 gap-0.5 sm:gap-1">
        {shown.map((d, j) => {
          const i = week * WEEK + j;
          const disabled = d.starts.length === 0;
          const selected = d.date === chosen;
          return (
            <button
              key={d.date}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === tabStop ? 0 : -1}
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
      {nextOpen >= 0 ? (
        <button
          type="button"
          className="btn-ghost self-start text-sm"
          onClick={() => {
            pick(days[nextOpen], nextOpen);
            show(nextOpen, false);
          }}
        >
          Next available: {shortDay(days[nextOpen].date)}
        </button>
      ) : null}
      {day ? (
        <div
          role="radiogroup"
          aria-label={`Start times on ${formatLongDate(day.date)}`}
          className="flex flex-col gap-3"
        >
          {groups.map((g) => (
            <div key={g.name ?? 'all'} className="flex flex-col gap-1.5">
              {g.name ? <p className="text-xs font-medium text-ink-300">{g.name}</p> : null}
              <div className="flex flex-wrap gap-2">
                {g.starts.map((s) => {
                  const shift = dayShift(s, day.date, learnerZone);
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
                      <span className="text-ink-100">{formatTimeIn(s, learnerZone)}</span>
                      {shift ? (
                        <span className="rounded bg-warning-400/15 px-1 text-xs text-warning-400">
                          {shift}
                        </span>
                      ) : null}
                      {sameZone ? null : (
                        <span className="muted text-xs">(shark: {formatTimeIn(s, sharkZone)})</span>
                      )}
                    </label>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted text-sm">
          {days.some(open)
            ? 'Choose a day to see its free start times.'
            : 'No free times in the coming weeks.'}
        </p>
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
