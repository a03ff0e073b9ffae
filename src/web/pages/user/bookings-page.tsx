// /user/bookings: the bookings of the signed-in account: what needs an answer, what is coming, what is past,
// each group a page at a time with its total; each opens its session page. The header's numbers come from
// the server's aggregate, not from the rows.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { MyBookings } from '#web/features/bookings/my-bookings.tsx';

export default function BookingsPage() {
  useDocumentTitle(ROUTES.user.bookings.title);
  return <MyBookings />;
}
