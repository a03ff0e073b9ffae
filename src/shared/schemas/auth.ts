// Accounts: signup, login portals, session, verification and password reset. The same schemas run in forms and on the server.
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { MSG } from '../messages';
import { emailField } from './common';

export const roleSchema = z.enum(ROLES);

const name = z.string({ error: MSG.nameRequired }).trim().min(1, MSG.nameRequired).max(120, 'Name is too long (120 characters at most)');
const password = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
  .max(256, 'Password is too long (256 characters at most)');
const confirmPassword = z.string({ error: MSG.passwordsDoNotMatch });
const skills = z.string({ error: MSG.skillsRequired }).trim().min(1, MSG.skillsRequired).max(1000, 'Skills are too long (1000 characters at most)');

const passwordsMatch = <T extends { password: string; confirmPassword: string }>(v: T) => v.password === v.confirmPassword;
const mismatch = {
  message: MSG.passwordsDoNotMatch,
  path: ['confirmPassword'],
  // Say so as soon as both passwords are typed, even while another field (name, terms...) still has an error.
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === 'string' && typeof v?.confirmPassword === 'string';
  },
};

export const userSignupSchema = z
  .object({
    name,
    email: emailField(MSG.emailInvalid),
    password,
    confirmPassword,
    terms: z.literal(true, { error: MSG.termsRequired }),
  })
  .refine(passwordsMatch, mismatch);
export type UserSignupInput = z.input<typeof userSignupSchema>;

export const freelancerSignupSchema = z
  .object({
    name,
    email: emailField(MSG.freelancerEmailInvalid),
    password,
    confirmPassword,
    skills,
  })
  .refine(passwordsMatch, mismatch);
export type FreelancerSignupInput = z.input<typeof freelancerSignupSchema>;

/** POST /api/auth/become-freelancer: a signed-in account adds the freelancer role; same messages as the signup. */
export const becomeFreelancerSchema = z.object({ name, skills });
export type BecomeFreelancerInput = z.input<typeof becomeFreelancerSchema>;

export const LOGIN_PORTALS = ['user', 'shark', 'freelancer', 'admin'] as const;
export type LoginPortal = (typeof LOGIN_PORTALS)[number];

/** Logins only say "Please fill in all fields." for empty input (spec section 5). */
export const loginSchema = z.object({
  email: z.string({ error: MSG.fillAllFields }).trim().min(1, MSG.fillAllFields).max(254, MSG.fillAllFields).transform((e) => e.toLowerCase()),
  password: z.string({ error: MSG.fillAllFields }).min(1, MSG.fillAllFields).max(256, MSG.fillAllFields),
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
const linkToken = z.string({ error: MSG.linkInvalid }).min(10, MSG.linkInvalid).max(200, MSG.linkInvalid);
export const tokenSchema = z.object({ token: linkToken });
export const updatePasswordSchema = z
  .object({ token: linkToken, password, confirmPassword })
  .refine(passwordsMatch, mismatch);
export type UpdatePasswordInput = z.input<typeof updatePasswordSchema>;
