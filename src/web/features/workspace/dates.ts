// Booking dates are calendar dates (YYYY-MM-DD) with no time zone: shown as written, never shifted.
const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', weekday: 'short', timeZone: 'UTC' });

export const formatSessionDate = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : dateFormat.format(d);
};
