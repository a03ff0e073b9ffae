// The slots learners will be offered with the saved rules (1-hour sessions), in the shark's zone, beside the times
// the shark's other calendars are busy (issue 26): greyed, "busy in your calendar", never a title.
import type { AvailabilityView } from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { CALENDAR_IMPORT_MSG } from '#shared/calendar-imports.ts';
import { dateTimeFormat, formatDate, formatTimeIn, zoneName } from '#web/lib/format.ts';

/** The date (YYYY-MM-DD) of an instant in a zone. */
const dateIn = (iso: string, timeZone: string) =>
  dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );

export function SlotsPreview({
  preview,
  zone,
  imported = [],
}: {
  preview: AvailabilityView['preview'];
  zone: string;
  imported?: AvailabilityView['imported'];
}) {
  const busyOn = (date: string) => imported.filter((b) => dateIn(b.startsAt, zone) === date);
  const days = preview.filter((d) => d.starts.length > 0 || busyOn(d.date).length > 0);
  return (
    <section className="glass p-5" aria-labelledby="preview-title">
      <h2 id="preview-title" className="text-base font-semibold text-ink-100">
        {AVAILABILITY_MSG.previewTitle}
      </h2>
      <p className="muted text-xs">1-hour sessions, in {zoneName(zone)}.</p>
      {preview.every((d) => d.starts.length === 0) ? (
        <p className="muted mt-3 text-sm">{AVAILABILITY_MSG.previewEmpty}</p>
      ) : null}
      {days.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="availability-preview">
          {days.map((d) => (
            <li key={d.date}>
              <span className="font-medium text-ink-100">{formatDate(d.date)}</span>
              {d.starts.length ? `: ${d.starts.map((s) => formatTimeIn(s, zone)).join(', ')}` : null}
              {busyOn(d.date).length ? (
                <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={`Busy on ${formatDate(d.date)}`}>
                  {busyOn(d.date).map((b) => (
                    <li
                      key={b.startsAt}
                      className="rounded border border-white/10 bg-white/5 px-2 py-0.5 text-xs text-ink-400"
                    >
                      {formatTimeIn(b.startsAt, zone)}–{formatTimeIn(b.endsAt, zone)}{' '}
                      {CALENDAR_IMPORT_MSG.busyLabel}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
