// What availability and free slots say. Free of zod: a public profile's calendar summary reads these texts
// without loading the schemas (decision 091).

export const AVAILABILITY_MSG = {
  timeZoneInvalid: 'Choose a valid time zone',
  timeInvalid: 'Enter a valid time (HH:MM)',
  rangeOrder: 'The end time must be after the start time',
  rangesOverlap: 'Hours on one day must not overlap',
  weekdayInvalid: 'Choose a weekday',
  dateInvalid: 'Choose a valid date',
  bufferInvalid: 'Choose a buffer of 0, 15, 30 or 60 minutes',
  noticeInvalid: 'Minimum notice must be between 0 and 168 hours',
  horizonInvalid: 'Booking horizon must be between 1 and 180 days',
  capInvalid: 'The daily cap must be between 1 and 24 sessions',
  tooManyRanges: 'At most 200 ranges',
  saved: 'Availability saved.',
  notOpen: (name: string) => `${name} has not opened their calendar yet.`,
  notifyMe: 'Notify me when they do',
  notifyOn: 'We will email you when their calendar opens.',
  loginToNotify: 'Please log in to be notified.',
  calendarNotOpen: 'This shark has not opened their calendar yet.',
  pageTitle: 'Availability',
  previewTitle: 'Slots learners will be offered (next 14 days)',
  previewEmpty: 'No free slots in the next 14 days.',
  published: 'Calendar open: learners can book your free slots',
  dayOff: 'Day off',
  openSummary: (days: number, of: number, zone: string) =>
    `Free times on ${days} of the next ${of} days. The shark works in ${zone}; pick a time in the booking panel, shown in your own time zone.`,
  workspaceLink: 'Set your weekly hours, days off, buffer and notice, and open your calendar.',
  mailSubject: (name: string) => `${name} has opened their calendar`,
  mailBody: (name: string) =>
    `${name} has opened their calendar on Shark Security. You can now book a free slot.`,
} as const;
