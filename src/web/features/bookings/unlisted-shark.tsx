// A learner who booked a shark that later unpublished still sees whom and what they booked on its page.
import { Link } from 'react-router';
import type { MyBooking } from '#shared/bookings.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { paths } from '#shared/routes.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { formatDate } from '#web/lib/format.ts';

export function UnlistedSharkBookings({ booked }: { booked: MyBooking[] }) {
  return (
    <div className="container-page py-16">
      <EmptyState
        title={CATALOGUE_MSG.notListed(booked[0].sharkName)}
        level={1}
        action={
          <Link to={paths.user.bookings} className="btn-primary">
            Your bookings
          </Link>
        }
      >
        {CATALOGUE_MSG.notListedBody}
        <ul className="mt-3 flex flex-col gap-1 text-ink-100">
          {booked.map((b) => (
            <li key={b.id}>
              {b.courseTitle}, {formatDate(b.preferredDate)}
            </li>
          ))}
        </ul>
      </EmptyState>
    </div>
  );
}
