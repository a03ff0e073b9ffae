// What the freelancer profile and the directory say (issue 27). Free of zod: the public directory and profile
// load these without the schemas (decision 091).

export const FREELANCER_MSG = {
  skillsRequired: 'Please list your skills',
  skillsTooLong: 'Skills are too long (1000 characters at most)',
  headlineTooLong: 'Keep the headline under 120 characters',
  servicesInvalid: 'Choose services from the list',
  dayRateInvalid: 'Enter the day rate as a whole number of rupees',
  dayRateRange: 'The day rate must be between ₹500 and ₹5,00,000',
  yearsInvalid: 'Enter your years of experience as a whole number',
  yearsRange: 'Years of experience must be between 0 and 60',
  languagesTooMany: 'List at most 8 languages',
  languageTooLong: 'Keep each language under 40 characters',
  linksTooMany: 'Add at most 5 portfolio links',
  linkInvalid: 'Portfolio links must be full https:// links',
  publishedInvalid: 'Choose whether the profile is published',
  publishNeeds: 'To publish your profile, add a headline, at least one service and your day rate',
  notFound: 'This freelancer does not exist or is not listed.',
  searchTooLong: 'Search is too long (100 characters at most)',
  skillTooLong: 'Skill is too long (60 characters at most)',
  sortInvalid: 'Unknown sort',
  serviceInvalid: 'Unknown service',
  verifiedInvalid: 'Use verified=true',
  pageInvalid: 'Page must be a whole number from 1',
  noReviews: 'No reviews yet',
  verifiedOnly: 'Verified only',
  verifiedBadge: 'Verified',
  showing: (shown: number, total: number) =>
    `Showing ${shown} of ${total} ${total === 1 ? 'freelancer' : 'freelancers'}`,
  perDay: 'per day',
  years: (n: number) => `${n} ${n === 1 ? 'year' : 'years'} of experience`,
} as const;

export const FREELANCERS_PAGE_SIZE = 8;

/** The directory's sorts (decision 155): by day rate either way, or by rating with the unrated last. */
export const FREELANCER_SORTS = ['rating', 'rate-low', 'rate-high'] as const;
export type FreelancerSort = (typeof FREELANCER_SORTS)[number];
export const DEFAULT_FREELANCER_SORT: FreelancerSort = 'rating';
export const FREELANCER_SORT_LABELS: Record<FreelancerSort, string> = {
  rating: 'Top rated',
  'rate-low': 'Day rate: low to high',
  'rate-high': 'Day rate: high to low',
};

/** How the directory and the profile split the spec's free-text skills into tags. */
export const skillTags = (skills: string): string[] => {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of skills.split(/[,\n]/)) {
    const tag = raw.trim();
    if (tag && !seen.has(tag.toLowerCase())) {
      seen.add(tag.toLowerCase());
      tags.push(tag);
    }
  }
  return tags;
};
