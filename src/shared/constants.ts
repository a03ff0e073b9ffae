// Business constants of the spec (section 9), in one place for the browser and the server.

/** The product's name: every document title ends with it. */
export const SITE_NAME = 'Shark Security';

export const SHARKS_PAGE_SIZE = 8;

export const SPECIALIZATIONS = ['pentesting', 'red_teaming', 'cloud_security', 'forensics'] as const;
export type Specialization = (typeof SPECIALIZATIONS)[number];
export const SPECIALIZATION_LABELS: Record<Specialization, string> = {
  pentesting: 'Penetration Testing',
  red_teaming: 'Red Teaming',
  cloud_security: 'Cloud Security',
  forensics: 'Digital Forensics',
};

/** All five offered sorts work (decision 006); ties break by name, then id. */
export const SHARK_SORTS = ['rating', 'experience', 'students', 'price_low', 'price_high'] as const;
export type SharkSort = (typeof SHARK_SORTS)[number];
export const DEFAULT_SHARK_SORT: SharkSort = 'rating';
export const SHARK_SORT_LABELS: Record<SharkSort, string> = {
  rating: 'Top rated',
  experience: 'Most experienced',
  students: 'Most students',
  price_low: 'Price: low to high',
  price_high: 'Price: high to low',
};

export const ROLES = ['user', 'shark', 'freelancer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PASSWORD_MIN_LENGTH = 8;
export const BOOKING_MIN_HOURS = 1;
export const BOOKING_MAX_HOURS = 12;

export const SIGNUP_REDIRECT_MS = { user: 3000, freelancer: 2000 } as const;
export const CONTACT_SUCCESS_HIDE_MS = 5000;
export const COPY_NOTICE_MS = 2000;
export const NAV_SCROLLED_THRESHOLD_PX = 10;

export const COURSE_CODE_PATTERN = /^CRS-[A-Z0-9]{6}$/;
export const DEFAULT_REQUIRED_DEVICES = 'Laptop + Internet';
export const DEFAULT_REQUIRED_KNOWLEDGE = 'Basic Skills';

/** Display fallbacks, used only where the value is absent (null). */
export const FALLBACK_STUDENT_COUNT = 69;
export const FALLBACK_BIO = 'No bio available';
/** An unrated shark shows this instead of stars (the spec's 4.5 fallback is dropped, decision 007). */
export const UNRATED_LABEL = 'New';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * The years a month or day asked of the books may fall in (issue 38, finding 5): this century, like a statement's
 * month. The company has nothing before 2000, and a year like 0000 or 0001 is a typo that PostgreSQL cannot even
 * hold (it has no year 0, and India's midnight of 1 January 0001 is still year 0 in UTC).
 */
export const BOOKS_YEARS = { first: 2000, last: 2099 } as const;

export const COMPANY = {
  email: 'contact@sharksecurity.in',
  phone: '+91 98765 43210',
  location: 'Bengaluru, Karnataka, India',
} as const;

/**
 * Unpaid checkouts one account may hold open at once (issue 38). At the cap, a new checkout with a shark it holds
 * a time of already replaces that one; with another shark it is refused. A hold keeps its slot off the calendar
 * for SLOT_HOLD_MINUTES.
 */
export const MAX_OPEN_CHECKOUTS = 2;
