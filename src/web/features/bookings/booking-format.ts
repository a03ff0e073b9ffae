// Booking dates as people read them. Dates are calendar days (no time zone), so they are formatted as UTC.
const dateFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2026-11-24" -> "Tue, 24 Nov, 2026" */
export const formatBookingDate = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
