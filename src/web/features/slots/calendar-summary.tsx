// The profile's Availability box: whether the shark's calendar is open, its time zone, and where to book.
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { useSlots } from './api';
import { zoneName } from '#web/lib/format.ts';

export function CalendarSummary({ sharkId, name }: { sharkId: string; name: string }) {
  const slots = useSlots(sharkId, 1);
  const free = slots.data?.days.filter((d) => d.starts.length > 0).length ?? 0;
  return (
    <section aria-labelledby="availability-heading" className="glass p-6">
      <h2 id="availability-heading" className="mb-3 text-lg font-semibold">
        Availability
      </h2>
      {!slots.data ? (
        <p className="muted">{slots.isError ? 'Could not load the calendar.' : 'Loading the calendar…'}</p>
      ) : !slots.data.published ? (
        <p className="muted">{AVAILABILITY_MSG.notOpen(name)}</p>
      ) : (
        <p className="muted">
          {AVAILABILITY_MSG.openSummary(free, slots.data.days.length, zoneName(slots.data.timeZone))}
        </p>
      )}
    </section>
  );
}
