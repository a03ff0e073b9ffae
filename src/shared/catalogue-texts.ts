// What the public catalogue says (list, profile, preview). Free of zod, like catalogue-keys.ts: the public pages
// read these texts without loading the API's schemas (decision 091).

/** How far ahead a card's "Next available" looks (decision 165). */
export const NEXT_AVAILABLE_DAYS = 60;

export const CATALOGUE_MSG = {
  sharkNotFound: 'Shark not found',
  /** A Load More cursor the server did not write, or one of another sort (decision 196). */
  badCursor: 'This list position is not valid: load the list again.',
  verifiedOnly: 'Verified only',
  chooseSpecialization: 'Choose a specialization',
  noCourses: 'No courses yet',
  bookSession: 'Book a session',
  preview: 'Preview: only you can see this page until you publish',
  previewBooking: 'Learners can book here once you publish your profile.',
  notListed: (name: string) => `${name} is not listed right now`,
  notListedBody: 'This shark has taken their page down for now. Your bookings with them are kept:',
  reviewCount: (n: number) => `${n} ${n === 1 ? 'review' : 'reviews'}`,
  nextAvailable: (when: string) => `Next available: ${when}`,
  noFreeSlots: 'No free slots in the next 2 months',
  filters: 'Filters',
  showResults: 'Show results',
  languages: 'Speaks',
  skills: 'Skills',
  links: 'Links',
  showing: (shown: number, total: number) =>
    `Showing ${shown} of ${total} ${total === 1 ? 'shark' : 'sharks'}`,
} as const;
