// The console's sessions: search by learner, shark, course and status, page through, and resolve a no-show.
import { useState } from 'react';
import { Link } from 'react-router';
import {
  BOOKING_STATUS_FILTERS,
  BOOKING_STATUS_FILTER_LABEL,
  NO_SHOW_ROW,
  type AdminBooking,
  type BookingSearchQuery,
} from '#shared/admin.ts';
import { paths } from '#shared/routes.ts';
import { SESSION_STATUS_LABEL } from '#shared/sessions.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useBookingSearch } from './console-api';
import { Section, Badge, SearchBox, Pager } from '#web/components/console-ui.tsx';
import { ResolveNoShowDialog } from './resolve-no-show';
import { formatPaise } from '#shared/money.ts';

export function SessionsPanel() {
  const [filters, setFilters] = useState<BookingSearchQuery>({
    learner: '',
    shark: '',
    course: '',
    from: '',
    to: '',
    page: 1,
  });
  const bookings = useBookingSearch(filters);
  const set = (key: keyof BookingSearchQuery) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value, page: 1 }));
  return (
    <Section title="Sessions" id="sessions-title" intro="Bookings by learner, shark, course and date.">
      <div className="grid gap-3 sm:grid-cols-3">
        <SearchBox
          label="Learner (name or email)"
          value={String(filters.learner ?? '')}
          onChange={set('learner')}
        />
        <SearchBox label="Shark" value={String(filters.shark ?? '')} onChange={set('shark')} />
        <SearchBox
          label="Course (title or code)"
          value={String(filters.course ?? '')}
          onChange={set('course')}
        />
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          From
          <input
            type="date"
            className="input"
            value={filters.from ?? ''}
            onChange={(e) => set('from')(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          To
          <input
            type="date"
            className="input"
            value={filters.to ?? ''}
            onChange={(e) => set('to')(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm text-ink-300">
          Status
          <select
            className="input"
            value={String(filters.status ?? '')}
            onChange={(e) => set('status')(e.target.value)}
          >
            <option value="">Any status</option>
            {BOOKING_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {BOOKING_STATUS_FILTER_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="mt-4">
        {bookings.isPending ? (
          <Spinner label="Loading sessions" />
        ) : bookings.isError ? (
          <ErrorState message={errorMessage(bookings.error)} onRetry={() => void bookings.refetch()} />
        ) : bookings.data.items.length === 0 ? (
          <p className="muted text-sm">No session matches these filters.</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-white/10" aria-label="Sessions">
              {bookings.data.items.map((b) => (
                <li key={b.id} className="py-3 text-sm">
                  <p className="font-medium text-ink-100">
                    <Link to={paths.sessions.detail(b.id)} className="hover:underline">
                      {b.date} {b.time} · {b.courseTitle} ({b.courseCode})
                    </Link>
                  </p>
                  <p className="muted">
                    {b.learnerName} &lt;{b.learnerEmail}&gt; with {b.sharkName} · {b.hours} h ·{' '}
                    {formatPaise(b.totalPricePaise)} · {SESSION_STATUS_LABEL[b.status]}
                  </p>
                  {b.noShow ? <NoShowLine booking={b} noShow={b.noShow} /> : null}
                </li>
              ))}
            </ul>
            <Pager
              label="Session pages"
              page={Number(filters.page ?? 1)}
              total={bookings.data.total}
              pageSize={bookings.data.pageSize}
              onPage={(p) => setFilters((f) => ({ ...f, page: p }))}
            />
          </>
        )}
      </div>
    </Section>
  );
}

/** A reported no-show on its session's row: the report, then either "Resolve" or the ruling. */
function NoShowLine({
  booking,
  noShow,
}: {
  booking: AdminBooking;
  noShow: NonNullable<AdminBooking['noShow']>;
}) {
  return (
    <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
      <div>
        <p className="text-ink-100">
          {NO_SHOW_ROW.reported(noShow.reportedBy)}
          {noShow.note ? `: “${noShow.note}”` : ''}
        </p>
        {noShow.resolution ? (
          <p className="mt-1">
            <Badge tone="ok">{NO_SHOW_ROW.resolved(noShow.resolution.outcome)}</Badge>
            {noShow.resolution.reason ? (
              <span className="muted ml-2">“{noShow.resolution.reason}”</span>
            ) : null}
          </p>
        ) : (
          <p className="mt-1">
            <Badge tone="warn">{NO_SHOW_ROW.disputed}</Badge>
          </p>
        )}
      </div>
      {noShow.resolution ? null : (
        <ResolveNoShowDialog
          bookingId={booking.id}
          subject={`${booking.courseTitle} on ${booking.date} ${booking.time}`}
          reportedBy={noShow.reportedBy}
        />
      )}
    </div>
  );
}
