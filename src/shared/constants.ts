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

export const COMPANY = {
  email: 'contact@sharksecurity.in',
  phone: '+91 98765 43210',
  location: 'Bengaluru, Karnataka, India',
} as const;
