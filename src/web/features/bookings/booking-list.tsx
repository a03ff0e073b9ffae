// A learner's bookings as cards: course, shark, date and time, hours, total; upcoming ones marked.
import { Link } from 'react-router';
import type { MyBooking } from '#shared/bookings.ts';
import { paths } from '#shared/routes.ts';
import { formatDate, formatRupees } from '#web/lib/format.ts';

export function BookingList({ bookings, label }: { bookings: MyBooking[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {bookings.map((b) => (
        <li
          key={b.id}
          data-testid="booking-item"
          className="glass flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
        >
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-semibold break-words text-ink-100">{b.courseTitle}</h3>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                  b.upcoming
                    ? 'border border-accent-400/40 bg-accent-400/10 text-accent-300'
                    : 'border border-white/15 text-ink-400'
                }`}
              >
                {b.upcoming ? 'Upcoming' : 'Completed'}
              </span>
            </div>
            <p className="text-sm text-ink-400">
              with{' '}
              <Link to={paths.sharks.profile(b.sharkId)} className="text-accent-300 hover:underline">
                {b.sharkName}
              </Link>
            </p>
          </div>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:shrink-0 sm:grid-cols-[9.5rem_3.5rem_3rem_6.5rem] sm:gap-x-5">
            <div>
              <dt className="text-xs text-ink-400">Date</dt>
              <dd className="text-ink-100">{formatDate(b.preferredDate)}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-400">Time</dt>
              <dd className="text-ink-100">{b.preferredTime}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-400">Hours</dt>
              <dd className="text-ink-100">{b.hours}</dd>
            </div>
            <div>
              <dt className="text-xs text-ink-400">Total</dt>
              <dd className="font-semibold text-ink-100">{formatRupees(b.totalPrice)}</dd>
            </div>
          </dl>
          {b.status === 'completed' ? (
            // Only a completed session can be reviewed (issue 14); the page says when the window has closed.
            <Link
              to={paths.user.review(b.id)}
              className="btn-ghost w-fit shrink-0 py-1.5"
              aria-label={`Leave a review of ${b.courseTitle} with ${b.sharkName}`}
            >
              Leave a review
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
