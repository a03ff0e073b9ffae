// The shark's workspace: its own profile form, dashboard metrics and enrollments. The profile schema runs
// in the edit-profile form and on the server.
import { z } from 'zod';
import { myBookingSchema } from './bookings';
import { SESSION_STATUSES } from './sessions';
import { nameField, numberInput } from './fields';
import { SPECIALIZATIONS } from './constants';
import {
  LINK_SITE,
  normaliseSharkLink,
  SHARK_LINK_SITES,
  type SharkLinkSite,
  type SharkLinks,
} from './shark-links';
import { sessionPageSchemaOf, sessionPageQuerySchema, sessionPreviewSchemaOf } from './sessions';

export const WORKSPACE_MSG = {
  headlineTooLong: 'Headline is too long (120 characters at most)',
  languagesTooMany: 'List at most 8 languages',
  languageTooLong: 'Each language is 40 characters at most',
  skillsTooMany: 'List at most 12 skills',
  skillTooLong: 'Each skill is 40 characters at most',
  specializationRequired: 'Specialization is required',
  experienceRequired: 'Experience is required',
  experienceNumber: 'Experience must be a number',
  experienceWhole: 'Experience must be a whole number of years',
  experienceRange: 'Experience must be between 0 and 80 years',
  bioRequired: 'Bio is required',
  sharkIdRequired: 'Choose a shark to act for',
  profileFirst: 'Save your profile first.',
  unknownSharkId: 'Unknown shark id',
  unpublishedByAdmin: 'An admin unpublished this profile. It stays hidden until an admin publishes it again.',
  unpublishedByAdminReason: "The admin's reason:",
} as const;

/**
 * A list of short tags (languages, skills): an array, or the form's comma-separated text. Trimmed, blanks
 * dropped, repeats (ignoring case) kept once, in the order given.
 */
function tagList(max: number, tooMany: string, tooLong: string) {
  return z.preprocess(
    (v) => {
      const items = typeof v === 'string' ? v.split(',') : v;
      if (!Array.isArray(items)) return items;
      const seen = new Set<string>();
      return items
        .map((t) => (typeof t === 'string' ? t.trim().replace(/\s+/g, ' ') : t))
        .filter((t) => {
          if (typeof t !== 'string') return true;
          const key = t.toLowerCase();
          if (t === '' || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    },
    z.array(z.string({ error: tooLong }).max(40, tooLong), { error: tooMany }).max(max, tooMany),
  );
}

/** One profile link: blank for none, else normalised or refused with a message naming the site. */
function linkField(site: SharkLinkSite) {
  return z
    .string({ error: `${LINK_SITE[site].label} link must be text` })
    .optional()
    .nullable()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v.trim() === '') return undefined;
      const result = normaliseSharkLink(site, v);
      if ('error' in result) {
        ctx.addIssue({ code: 'custom', message: result.error });
        return z.NEVER;
      }
      return result.link;
    });
}

/** Which shark an admin acts for; a shark's own calls leave it out. */
export const sharkScopeQuerySchema = z.object({
  sharkId: z.uuid({ error: WORKSPACE_MSG.unknownSharkId }).optional(),
});
export type SharkScopeQuery = z.infer<typeof sharkScopeQuerySchema>;

export const sharkProfileInputSchema = z.object({
  name: nameField,
  codeName: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string().max(60, 'Code name is too long (60 characters at most)').optional().nullable(),
    )
    .transform((v) => v || null),
  specialization: z.enum(SPECIALIZATIONS, { error: WORKSPACE_MSG.specializationRequired }),
  experience: z.preprocess(
    numberInput,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? WORKSPACE_MSG.experienceRequired : WORKSPACE_MSG.experienceNumber,
      })
      .refine(Number.isFinite, WORKSPACE_MSG.experienceNumber)
      .pipe(
        z
          .number()
          .int(WORKSPACE_MSG.experienceWhole)
          .min(0, WORKSPACE_MSG.experienceRange)
          .max(80, WORKSPACE_MSG.experienceRange),
      ),
  ),
  bio: z
    .string({ error: WORKSPACE_MSG.bioRequired })
    .trim()
    .min(1, WORKSPACE_MSG.bioRequired)
    .max(2000, 'Bio is too long (2000 characters at most)'),
  published: z.boolean({ error: 'Published must be true or false' }).default(false),
  // The richer profile (issue 25). Left out, a field keeps what is stored, so older clients cannot wipe it.
  headline: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: WORKSPACE_MSG.headlineTooLong }).max(120, WORKSPACE_MSG.headlineTooLong).nullable(),
    )
    .transform((v) => v || null)
    .optional(),
  languages: tagList(8, WORKSPACE_MSG.languagesTooMany, WORKSPACE_MSG.languageTooLong).optional(),
  skills: tagList(12, WORKSPACE_MSG.skillsTooMany, WORKSPACE_MSG.skillTooLong).optional(),
  links: z
    .object(
      Object.fromEntries(SHARK_LINK_SITES.map((site) => [site, linkField(site)])) as Record<
        SharkLinkSite,
        ReturnType<typeof linkField>
      >,
      { error: 'Links must be an object of LinkedIn, GitHub, Hack The Box and TryHackMe addresses' },
    )
    .strict()
    .transform((links) => {
      const kept: SharkLinks = {};
      for (const site of SHARK_LINK_SITES) if (links[site]) kept[site] = links[site];
      return kept;
    })
    .optional(),
});
export type SharkProfileInput = z.input<typeof sharkProfileInputSchema>;
export type SharkProfileValues = z.output<typeof sharkProfileInputSchema>;

/** The shark's own profile. `id` is null while the account has no sharks row yet (first save creates it). */
export const sharkProfileSchema = z.object({
  id: z.uuid().nullable(),
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  codeName: z.string().nullable(),
  specialization: z.enum(SPECIALIZATIONS).nullable(),
  experience: z.number().nullable(),
  bio: z.string().nullable(),
  photoUrl: z.string().nullable(),
  headline: z.string().nullable(),
  languages: z.array(z.string()),
  skills: z.array(z.string()),
  links: z.partialRecord(z.enum(SHARK_LINK_SITES), z.string()),
  published: z.boolean(),
  /** Set while an admin keeps the profile unpublished: the shark's toggle is off and says why. */
  adminUnpublishReason: z.string().nullable(),
});
export type SharkProfile = z.infer<typeof sharkProfileSchema>;

export const profileSavedSchema = z.object({ message: z.string(), profile: sharkProfileSchema });
export type ProfileSaved = z.infer<typeof profileSavedSchema>;

export const sessionRowSchema = z.object({
  id: z.uuid(),
  courseId: z.uuid(),
  courseTitle: z.string(),
  learnerName: z.string(),
  preferredDate: z.string(),
  preferredTime: z.string(),
  hours: z.number(),
  /** The session's start instant and its state (requested or confirmed). */
  startsAt: z.string(),
  status: z.enum(SESSION_STATUSES),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

/**
 * A booking as the shark's lists show it: the learner's own view of it without the course and shark columns, and
 * without the learner's email and phone, which the session page shows once the session is confirmed (issue 43).
 */
export const enrollmentSchema = myBookingSchema.pick({
  id: true,
  name: true,
  hours: true,
  preferredDate: true,
  preferredTime: true,
  totalPricePaise: true,
  createdAt: true,
  startsAt: true,
  endsAt: true,
  status: true,
  upcoming: true,
  needsAction: true,
  answerBy: true,
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

/** One of the shark's sessions in its lists: the enrollment and its course. */
export const sharkSessionSchema = enrollmentSchema.extend(
  myBookingSchema.pick({ courseId: true, courseTitle: true }).shape,
);
export type SharkSession = z.infer<typeof sharkSessionSchema>;

/** `GET /api/workspace/sessions?group=&page=` (and `sharkId` for an admin): one page of one group. */
export const sharkSessionPageQuerySchema = sessionPageQuerySchema.extend(sharkScopeQuerySchema.shape);
export const sharkSessionPageSchema = sessionPageSchemaOf(sharkSessionSchema);
export type SharkSessionPage = z.infer<typeof sharkSessionPageSchema>;

export const dashboardSchema = z.object({
  sharkName: z.string().nullable(),
  /** Confirmed sessions that start in the future. */
  upcomingSessions: z.number(),
  /** Sessions in the completed state. */
  completedSessions: z.number(),
  /**
   * Paise, from the ledger: the total of completed sessions, i.e. the shark's share (the price less the platform
   * fee and its tax) of the sessions held, net of refunds, counted at completion: what is available or paid out,
   * and the pending share of completed sessions still inside their 48-hour no-show window.
   */
  earningsPaise: z.number().int(),
  /**
   * Paise, from the ledger: the shark's share of paid sessions not yet held (the rest of pending, apart from the
   * completed sessions that earnings count).
   */
  bookedNotHeldPaise: z.number().int(),
  /** Requests waiting for the shark's answer. */
  awaitingAnswer: z.number(),
  /** Sessions the shark cancelled (each one is counted). */
  sharkCancellations: z.number(),
  avgRating: z.number().nullable(),
  reviewCount: z.number(),
  courseCount: z.number(),
  today: z.string(),
  nextSessions: z.array(sessionRowSchema),
  /** The first sessions of each group and each group's total (the full lists are paged). */
  sessions: sessionPreviewSchemaOf(sharkSessionSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const courseEnrollmentsSchema = z.object({
  courseId: z.uuid(),
  title: z.string(),
  courseCode: z.string(),
  bookingCount: z.number(),
  /** The course's sessions that were held (completed). */
  heldCount: z.number().int(),
  /**
   * What the shark keeps of those held sessions, in paise: their price less the platform fee, the tax on it and
   * any refund, from the ledger (decision 208). The sum of the course's held earnings lines.
   */
  heldNetPaise: z.number().int(),
  students: z.array(enrollmentSchema),
});
export type CourseEnrollments = z.infer<typeof courseEnrollmentsSchema>;

export const enrollmentsSchema = z.object({
  sharkName: z.string().nullable(),
  courses: z.array(courseEnrollmentsSchema),
});
export type Enrollments = z.infer<typeof enrollmentsSchema>;

/** `GET /api/workspace/enrollments/courses`: each course's bookings and total, without the bookings. */
export const courseTotalsSchema = z.object({
  sharkName: z.string().nullable(),
  courses: z.array(courseEnrollmentsSchema.omit({ students: true })),
});
export type CourseTotals = z.infer<typeof courseTotalsSchema>;
