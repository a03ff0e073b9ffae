// A freelancer's profile (spec: freelancers.name, skills; updated by user_id) and what issue 27 adds: headline,
// services, day rate, experience, languages, portfolio links and the published toggle; the public directory's
// query and shapes. Texts are in freelancers-texts.ts.
import { z } from 'zod';
import { nameField, numberInput } from './fields';
import { FREELANCER_MSG, FREELANCER_SORTS, DEFAULT_FREELANCER_SORT } from './freelancers-texts';
import { engagementReviewSchema } from './engagement-reviews';
import { SECURITY_SERVICES } from './security-services';
import { CREDENTIAL_KINDS } from './credentials';
import { queryNumberInput } from './query-numbers';
import { optionalRupeesInput, paiseField, paiseSchema, type MoneyRules } from './money-schemas';

export { FREELANCER_MSG };

export const MAX_LANGUAGES = 8;
export const MAX_PORTFOLIO_LINKS = 5;
/** A day rate: whole rupees from ₹500 to ₹5,00,000, in paise (the database checks the same bounds). */
export const DAY_RATE_MIN_PAISE = 50_000;
export const DAY_RATE_MAX_PAISE = 50_000_000;
const DAY_RATE_RULES: MoneyRules = {
  required: FREELANCER_MSG.dayRateInvalid,
  invalid: FREELANCER_MSG.dayRateInvalid,
  whole: FREELANCER_MSG.dayRateInvalid,
  min: { paise: DAY_RATE_MIN_PAISE, message: FREELANCER_MSG.dayRateRange },
  max: { paise: DAY_RATE_MAX_PAISE, message: FREELANCER_MSG.dayRateRange },
};

/** The freelancer's skills, as the signup, "become a freelancer" and the profile form ask for them. */
export const skillsField = z
  .string({ error: FREELANCER_MSG.skillsRequired })
  .trim()
  .min(1, FREELANCER_MSG.skillsRequired)
  .max(1000, FREELANCER_MSG.skillsTooLong);

/** Signup and "become a freelancer": the spec's two fields. */
export const freelancerProfileSchema = z.object({ name: nameField, skills: skillsField });
export type FreelancerProfileInput = z.input<typeof freelancerProfileSchema>;
export type FreelancerProfile = z.infer<typeof freelancerProfileSchema>;

/** A list typed as text (comma- or line-separated) or sent as an array. */
const listInput = (separator: RegExp) => (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(separator)
        .map((s) => s.trim())
        .filter(Boolean)
    : v;

const optionalInt = (invalid: string, range: string, min: number, max: number) =>
  z.preprocess(
    (v) => (v === null ? undefined : numberInput(v)),
    z.number({ error: invalid }).int(invalid).min(min, range).max(max, range).optional(),
  );

/** An https link, normalised (host lower-cased, default port dropped); null when it is not a public https URL. */
export function normaliseHttpsLink(raw: string): string | null {
  try {
    const u = new URL(raw.trim());
    if (u.protocol !== 'https:' || !u.hostname.includes('.') || u.username || u.password) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

const isService = (v: unknown): v is (typeof SECURITY_SERVICES)[number] =>
  typeof v === 'string' && (SECURITY_SERVICES as readonly string[]).includes(v);

const dedupe = (items: string[], key: (s: string) => string = (s) => s) => {
  const seen = new Set<string>();
  return items.filter((s) => (seen.has(key(s)) ? false : (seen.add(key(s)), true)));
};

/** The profile's fields but the day rate, which the API takes in paise and the form in rupees. */
const profileFields = {
  name: nameField,
  skills: skillsField,
  headline: z
    .string({ error: FREELANCER_MSG.headlineTooLong })
    .trim()
    .max(120, FREELANCER_MSG.headlineTooLong)
    .optional()
    .default(''),
  services: z
    .array(z.unknown(), { error: FREELANCER_MSG.servicesInvalid })
    .optional()
    .default([])
    .refine((l) => l.every(isService), FREELANCER_MSG.servicesInvalid)
    .transform((l) => SECURITY_SERVICES.filter((id) => l.includes(id))),
  yearsExperience: optionalInt(FREELANCER_MSG.yearsInvalid, FREELANCER_MSG.yearsRange, 0, 60).transform(
    (n) => n ?? null,
  ),
  languages: z
    .preprocess(
      listInput(/[,\n]/),
      z.array(z.unknown(), { error: FREELANCER_MSG.languageTooLong }).optional().default([]),
    )
    .refine(
      (l) => l.every((v) => typeof v === 'string' && v.trim() !== '' && v.trim().length <= 40),
      FREELANCER_MSG.languageTooLong,
    )
    .transform((l) =>
      dedupe(
        l.map((v) => String(v).trim()),
        (v) => v.toLowerCase(),
      ),
    )
    .refine((l) => l.length <= MAX_LANGUAGES, FREELANCER_MSG.languagesTooMany),
  portfolioLinks: z
    .preprocess(
      listInput(/[\s,]+/),
      z.array(z.unknown(), { error: FREELANCER_MSG.linkInvalid }).optional().default([]),
    )
    .refine(
      (l) => l.every((v) => typeof v === 'string' && v.length <= 500 && normaliseHttpsLink(v) !== null),
      FREELANCER_MSG.linkInvalid,
    )
    .transform((l) => dedupe(l.map((v) => normaliseHttpsLink(String(v))!)))
    .refine((l) => l.length <= MAX_PORTFOLIO_LINKS, FREELANCER_MSG.linksTooMany),
  published: z.boolean({ error: FREELANCER_MSG.publishedInvalid }).optional().default(false),
};

/** Published needs a headline, a service and a day rate. */
const publishable = (p: {
  published: boolean;
  headline: string;
  services: unknown[];
  dayRatePaise: number | null;
}) => !p.published || (p.headline !== '' && p.services.length > 0 && p.dayRatePaise !== null);
const publishNeeds = { message: FREELANCER_MSG.publishNeeds, path: ['published'] };

/** PUT /api/freelancer/profile: the whole edit form (decision 154), the day rate in paise (or null). */
export const freelancerProfileUpdateSchema = z
  .object({
    ...profileFields,
    dayRatePaise: z
      .nullable(paiseField(DAY_RATE_RULES))
      .optional()
      .transform((n) => n ?? null),
  })
  .refine(publishable, publishNeeds);
export type FreelancerProfileUpdate = z.output<typeof freelancerProfileUpdateSchema>;

/** The profile form: the day rate typed in whole rupees (or left empty), sent as `dayRatePaise`. */
export const freelancerProfileFormSchema = z
  .object({ ...profileFields, dayRate: optionalRupeesInput(DAY_RATE_RULES) })
  .transform(({ dayRate, ...p }): FreelancerProfileUpdate => ({ ...p, dayRatePaise: dayRate }))
  .refine(publishable, publishNeeds);

/** What GET and PUT send back: a new freelancer's skills may still be empty. */
export const freelancerProfileViewSchema = z.object({
  id: z.uuid().nullable(),
  name: z.string(),
  skills: z.string(),
  headline: z.string(),
  services: z.array(z.enum(SECURITY_SERVICES)),
  dayRatePaise: z.nullable(paiseSchema),
  yearsExperience: z.number().int().nullable(),
  languages: z.array(z.string()),
  portfolioLinks: z.array(z.string()),
  published: z.boolean(),
});
export type FreelancerProfileView = z.infer<typeof freelancerProfileViewSchema>;

/** GET /api/freelancers: the directory's query; unknown values are refused naming the parameter. */
export const freelancersQuerySchema = z.object({
  search: z.string().trim().max(100, FREELANCER_MSG.searchTooLong).optional().default(''),
  service: z
    .enum([...SECURITY_SERVICES, ''], { error: FREELANCER_MSG.serviceInvalid })
    .optional()
    .default(''),
  skill: z.string().trim().max(60, FREELANCER_MSG.skillTooLong).optional().default(''),
  verified: z.enum(['true', 'false', ''], { error: FREELANCER_MSG.verifiedInvalid }).optional().default(''),
  sort: z
    .enum(FREELANCER_SORTS, { error: FREELANCER_MSG.sortInvalid })
    .optional()
    .default(DEFAULT_FREELANCER_SORT),
  page: z
    .preprocess(
      queryNumberInput,
      z
        .number({ error: FREELANCER_MSG.pageInvalid })
        .int(FREELANCER_MSG.pageInvalid)
        .min(1, FREELANCER_MSG.pageInvalid)
        .max(100_000, FREELANCER_MSG.pageInvalid),
    )
    .optional()
    .default(1),
});
export type FreelancersQuery = z.infer<typeof freelancersQuerySchema>;

/** A published freelancer as the directory's card shows it: public fields only, never email or phone. */
export const freelancerCardSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  headline: z.string(),
  services: z.array(z.enum(SECURITY_SERVICES)),
  skills: z.array(z.string()),
  dayRatePaise: paiseSchema,
  yearsExperience: z.number().int().nullable(),
  languages: z.array(z.string()),
  verifiedCredentials: z.number().int(),
  /** From the clients' verified reviews (decision 182): null and 0 until the first. */
  avgRating: z.number().nullable(),
  reviewCount: z.number().int(),
});
export type FreelancerCard = z.infer<typeof freelancerCardSchema>;

export const freelancersPageSchema = z.object({
  items: z.array(freelancerCardSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
  total: z.number().int().min(0),
});
export type FreelancersPage = z.infer<typeof freelancersPageSchema>;

/** GET /api/freelancers/:id: the card, the portfolio links and the verified credentials. */
export const publicFreelancerSchema = freelancerCardSchema.extend({
  portfolioLinks: z.array(z.string()),
  credentials: z.array(
    z.object({
      id: z.uuid(),
      kind: z.enum(CREDENTIAL_KINDS),
      name: z.string(),
      issuer: z.string().nullable(),
      url: z.string(),
      expired: z.boolean(),
      verifiedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** The clients' verified reviews, newest first. */
  reviews: z.array(engagementReviewSchema),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type PublicFreelancer = z.infer<typeof publicFreelancerSchema>;

/** The freelancer's earnings on its dashboard (issue 27): what the ledger owes it, in paise. */
export const freelancerBalanceSchema = z.object({
  pendingPaise: z.number().int(),
  availablePaise: z.number().int(),
});
export type FreelancerBalance = z.infer<typeof freelancerBalanceSchema>;
