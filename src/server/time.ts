// The one clock of the server: "now" and "today" come from here, so every rule about time agrees and a
// test can move time (setClock) instead of waiting for it.

let current: () => Date = () => new Date();

/** The current instant. */
export const now = (): Date => current();

/** Replaces the clock (tests); call with no argument to go back to the real one. */
export function setClock(clock?: () => Date): void {
  current = clock ?? (() => new Date());
}

/** Today's calendar date (YYYY-MM-DD) in a time zone: what "upcoming" and "not in the past" mean. */
export function todayIn(timeZone: string, at: Date = now()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A `time` column ('10:00:00') as the API shows a time of day ('10:00'). */
export const timeOfDay = (value: string): string => value.slice(0, 5);
