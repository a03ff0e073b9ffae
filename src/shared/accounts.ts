// Accounts: signup, login portals, session, verification, password reset and the account's own profile.
// The same schemas run in forms and on the server; the texts are the spec's, word for word (section 8).
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES } from './constants';
import { phoneField } from './booking-form';
import { emailField, nameField } from './fields';
import { skillsField } from './freelancers';
import { payoutDetailsSchema } from './payouts';

export const ACCOUNT_MSG = {
  /** A password on the offline list of common and breached passwords (ASVS 2.1.7). */
  passwordTooCommon:
    'This password is too common: it appears in lists of leaked passwords. Please choose another one.',
  /** A common password or word with a few changes (P@ssw0rd2026, Summer2026!), as a strength estimator sees it. */
  passwordTooGuessable:
    'This password is too easy to guess: it is a common password or word with a few changes. Please choose another one.',
  passwordHasSiteName: "Please don't build your password from this site's name.",
  passwordHasPersonalInfo: "Please don't build your password from your name or email address.",
  /** The per-account pause after many failed logins from several addresses (decision 022). */
  accountLoginPaused:
    'Too many failed logins for this account. Please wait a few minutes and try again, or reset your password.',
  // Validation (spec section 5)
  freelancerEmailInvalid: 'Invalid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password is too long (256 characters at most)',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  fillAllFields: 'Please fill in all fields.',
  roleNotFound: 'Role not found',

  // Login (spec section 8)
  userNotFound: 'User not found.',
  verifyEmailFirst: 'Please verify your email before logging in.',
  accountSuspended:
    'This account is suspended. Check your mail for the reason, or contact us if you think it is a mistake.',
  roleNotAssigned: 'User role not assigned. Access denied.',
  notUserAccount: 'Unauthorized. Please login with a user account.',
  loginFailed: 'Login failed. Please try again.',
  notAShark: 'Unauthorized: You are not registered as a Shark.',
  sharkLoginFailed: 'Login failed.',
  freelancerLoginFailed: 'Authentication failed. Invalid credentials.',
  notAFreelancer: 'Unauthorized: You are not registered as a Freelancer.',
  notAnAdmin: 'Unauthorized: This account is not an admin.',

  // Signup
  accountCreated: 'Account Created',
  signupFailed: 'Signup failed. Please try again.',
  accountEmailTaken: 'An account with this email already exists.',
  becameFreelancer: 'You are now a freelancer. Welcome to your dashboard!',
  adminCannotFreelance: 'Admin accounts cannot become freelancers. Please sign up with a separate account.',
  // Issue 38, finding 11: the user portal takes learner-only accounts (the spec; decision 026).
  becomeFreelancerPortal:
    'Once you become a freelancer, this account logs in at the freelancer portal: the user portal is for learner-only accounts. Your bookings, liked sharks and requests stay with it, under the same email and password.',
  otherPortals: 'This account has a freelancer or shark profile, so it logs in at that portal:',

  // Verification and password reset
  resetRequested: "If this email is registered, you'll receive a password reset link shortly.",
  emailVerified: 'Your email is verified. You can log in now.',
  linkInvalid: 'This link is invalid or has expired.',
  verificationResent: 'If this email is waiting for verification, a new link is on its way.',
  passwordUpdated:
    'Your password has been updated and every other session of this account was signed out. Please log in with your new password.',

  // Account settings (/account)
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is not correct.',
  newPasswordSame: 'Choose a password different from your current one.',
  passwordChanged: 'Your password was changed. Every other session of this account was signed out.',
  signedOutEverywhere: 'You were signed out on every device, including this one.',
  signOutConfirmRequired: 'Please confirm that you want to sign out everywhere',
  emailChangeRequested:
    'Check the inbox of your new address: the change takes effect when you open the link we sent there.',
  emailSameAsCurrent: 'This is already the email of your account.',
  emailChanged: 'Your email address was changed. Use it the next time you log in.',
  emailChangeTaken:
    'This address now belongs to another account, so the email of your account was not changed.',
  deleteConfirmRequired: 'Type DELETE to confirm',
  accountDeleted: 'Your account was deleted. Goodbye, and thank you for having been with us.',
  deleteCancelUpcomingFirst:
    'You have upcoming sessions booked on your courses. Please cancel them (and tell your learners) before deleting your account.',
  deleteSharkRecordsKept:
    'Your courses have past bookings that must be kept as records. Please contact us to close your shark account.',
  deleteLastAdmin: 'You are the last admin: make another account an admin before deleting this one.',
  deleteEngagementActive:
    'You have an engagement in progress. Finish it, or settle it with the other side, before deleting your account.',
  deleteEngagementRecordsKept:
    'Your engagements must be kept as records for you and the other side. Please contact us to close your account.',
  deletedLearnerName: 'Deleted learner',

  // The account's own profile
  noUserLoggedIn: 'No user logged in',
  profileUpdated: '✅ Profile updated successfully!',
} as const;

export const roleSchema = z.enum(ROLES);

const password = z
  .string({ error: ACCOUNT_MSG.passwordRequired })
  .min(1, ACCOUNT_MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MSG.passwordTooShort)
  .max(256, ACCOUNT_MSG.passwordTooLong);
const confirmPassword = z.string({ error: ACCOUNT_MSG.passwordsDoNotMatch });

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) =>
  v.password === v.confirmPassword;
const mismatch = {
  message: ACCOUNT_MSG.passwordsDoNotMatch,
  path: ['confirmPassword'],
  // Say so as soon as both passwords are typed, even while another field (name, terms...) still has an error.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
  },
};

export const userSignupSchema = z
  .object({
    name: nameField,
    email: emailField(),
    password,
    confirmPassword,
    terms: z.literal(true, { error: ACCOUNT_MSG.termsRequired }),
  })
  .refine(passwordsMatch, mismatch);
export type UserSignupInput = z.input<typeof userSignupSchema>;

export const freelancerSignupSchema = z
  .object({
    name: nameField,
    email: emailField(ACCOUNT_MSG.freelancerEmailInvalid),
    password,
    confirmPassword,
    skills: skillsField,
  })
  .refine(passwordsMatch, mismatch);
export type FreelancerSignupInput = z.input<typeof freelancerSignupSchema>;

/** POST /api/auth/become-freelancer: a signed-in account adds the freelancer role; same messages as the signup. */
export const becomeFreelancerSchema = z.object({ name: nameField, skills: skillsField });
export type BecomeFreelancerInput = z.input<typeof becomeFreelancerSchema>;

export const LOGIN_PORTALS = ['user', 'shark', 'freelancer', 'admin'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

/** POST /api/auth/reset-password: the message, and the login portal of the account's primary role. */
export const passwordUpdatedSchema = z.object({ message: z.string(), portal: z.enum(LOGIN_PORTALS) });
export type PasswordUpdated = z.infer<typeof passwordUpdatedSchema>;

/** Logins only say "Please fill in all fields." for empty input (spec section 5). */
export const loginSchema = z.object({
  email: z
    .string({ error: ACCOUNT_MSG.fillAllFields })
    .trim()
    .min(1, ACCOUNT_MSG.fillAllFields)
    .max(254, ACCOUNT_MSG.fillAllFields)
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: ACCOUNT_MSG.fillAllFields })
    .min(1, ACCOUNT_MSG.fillAllFields)
    .max(256, ACCOUNT_MSG.fillAllFields),
  portal: z.enum(LOGIN_PORTALS),
});
export type LoginInput = z.input<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session. `roles` is ordered: the first is the primary role. */
export const sessionSchema = z.object({
  user: sessionUserSchema.nullable(),
  roles: z.array(roleSchema),
});
export type Session = z.infer<typeof sessionSchema>;

export const loginResultSchema = sessionSchema.extend({ redirectTo: z.string() });
export const becomeFreelancerResultSchema = sessionSchema.extend({ message: z.string() });
export type BecomeFreelancerResult = z.infer<typeof becomeFreelancerResultSchema>;

export const forgotPasswordSchema = z.object({ email: emailField() });
export const resendVerificationSchema = z.object({ email: emailField() });
/** A link token from a mail; anything malformed reads as the same "invalid or expired" answer as a used one. */
const linkToken = z
  .string({ error: ACCOUNT_MSG.linkInvalid })
  .min(10, ACCOUNT_MSG.linkInvalid)
  .max(200, ACCOUNT_MSG.linkInvalid);
export const tokenSchema = z.object({ token: linkToken });
export const updatePasswordSchema = z
  .object({ token: linkToken, password, confirmPassword })
  .refine(passwordsMatch, mismatch);
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;

/** GET/PUT /api/profile: the signed-in account's full name and phone (used to prefill bookings); email is read-only. */
export const profileSchema = z.object({
  fullName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileSchema = z.object({
  fullName: nameField,
  /** Optional: an empty box clears it. */
  phone: z
    .union([z.literal(''), phoneField])
    .optional()
    .default(''),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

// ---- Account settings (/account, endpoints under /api/me/account) ----------------------------------------

const currentPassword = z
  .string({ error: ACCOUNT_MSG.currentPasswordRequired })
  .min(1, ACCOUNT_MSG.currentPasswordRequired)
  .max(256, ACCOUNT_MSG.currentPasswordWrong);

/** POST /api/me/account/password */
export const changePasswordSchema = z
  .object({ currentPassword, password, confirmPassword })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** POST /api/me/account/sign-out-everywhere: the confirmation dialog's yes. */
export const signOutEverywhereSchema = z.object({
  confirm: z.literal(true, { error: ACCOUNT_MSG.signOutConfirmRequired }),
});

/** POST /api/me/account/email: the new address gets a link; the change happens when it is opened. */
export const changeEmailSchema = z.object({ email: emailField(), currentPassword });
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** POST /api/me/account/delete */
export const deleteAccountSchema = z.object({
  currentPassword,
  confirm: z.literal('DELETE', { error: ACCOUNT_MSG.deleteConfirmRequired }),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** One session a deletion would cancel, with what it refunds by the cancel button's rule (issue 38). */
export const leavingSessionSchema = z.object({
  id: z.string(),
  courseTitle: z.string(),
  startsAt: z.string(),
  /** The zone the learner booked in: the dialog shows the start as the learner saw it. */
  timeZone: z.string(),
  /** Inside the course's late-cancellation window: the course's late refund applies. */
  late: z.boolean(),
  /** What was paid (0 for a free or unpaid session) and what leaving refunds of it. */
  paidPaise: z.number().int(),
  refundPaise: z.number().int(),
  refundPercent: z.number().int().nullable(),
});
export type LeavingSession = z.infer<typeof leavingSessionSchema>;

/** GET /api/me/account/delete: what deleting the account now would do, shown before it is confirmed. */
export const accountDeletionSchema = z.object({ sessions: z.array(leavingSessionSchema) });
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** GET /api/me/account/export: everything the app holds about the account, as one JSON file. */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    emailConfirmedAt: z.string().nullable(),
    createdAt: z.string(),
    roles: z.array(roleSchema),
  }),
  profile: z.object({ fullName: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  bookings: z.array(z.record(z.string(), z.unknown())),
  follows: z.array(z.record(z.string(), z.unknown())),
  reviews: z.array(z.record(z.string(), z.unknown())),
  messages: z.array(z.record(z.string(), z.unknown())),
  /** What the account wrote as a learner before its sessions, and as a shark after them. */
  briefs: z.array(z.record(z.string(), z.unknown())),
  notes: z.array(z.record(z.string(), z.unknown())),
  freelancerProfile: z.record(z.string(), z.unknown()).nullable(),
  sharkProfile: z.record(z.string(), z.unknown()).nullable(),
  courses: z.array(z.record(z.string(), z.unknown())),
  /** The account's calendar feed (decision 150): only when its address was made, never the secret. */
  calendarFeed: z.object({ createdAt: z.string() }).nullable(),
  /** A shark's other calendars, their addresses masked as the availability page shows them. */
  calendarSources: z.array(z.record(z.string(), z.unknown())),
  /** How a shark's sessions get a meeting room, or null when never chosen. */
  meetingRoom: z.object({ kind: z.string(), link: z.string().nullable() }).nullable(),
  /** The freelance market (issue 38): what the account posted, proposed, wrote and uploaded there. */
  freelance: z.object({
    /** The client requests it posted, with the NDA's text where one is required. */
    requests: z.array(z.record(z.string(), z.unknown())),
    /** The proposals it wrote as a freelancer. */
    proposals: z.array(z.record(z.string(), z.unknown())),
    /** Only what it wrote in each thread, never the other side's messages. */
    proposalMessages: z.array(z.record(z.string(), z.unknown())),
    /** The engagements it is a party to, its role in each and their milestones. */
    engagements: z.array(z.record(z.string(), z.unknown())),
    engagementMessages: z.array(z.record(z.string(), z.unknown())),
    /** The files it uploaded: name, type, size and date, not their bytes. */
    engagementFiles: z.array(z.record(z.string(), z.unknown())),
    /** Where the account is paid, masked as its payout details page shows them; null when none. */
    payoutDetails: payoutDetailsSchema.shape.details,
  }),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
