// Verified credentials (decision 032): a shark lists certifications and practice-platform profiles in the
// workspace; an admin checks each against its verification URL; only verified ones show in public. Its texts
// are in credentials-texts.ts.
import { z } from 'zod';
import { CREDENTIAL_MSG } from './credentials-texts';
import { isCalendarDate } from './fields';
import { consoleListQuerySchema, consolePageSchema } from './console-page';

export const CREDENTIAL_KINDS = ['certification', 'platform'] as const;
export const CREDENTIAL_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type CredentialStatus = (typeof CREDENTIAL_STATUSES)[number];

const optionalText = z.string().trim().max(200, CREDENTIAL_MSG.textTooLong).optional().default('');
const optionalDate = z
  .string()
  .trim()
  .refine((s) => s === '' || isCalendarDate(s), CREDENTIAL_MSG.dateInvalid)
  .optional()
  .default('');

/** POST /api/workspace/credentials */
export const credentialInputSchema = z
  .object({
    kind: z.enum(CREDENTIAL_KINDS, { error: CREDENTIAL_MSG.kindInvalid }),
    name: z
      .string({ error: CREDENTIAL_MSG.nameRequired })
      .trim()
      .min(1, CREDENTIAL_MSG.nameRequired)
      .max(120, CREDENTIAL_MSG.nameTooLong),
    issuer: optionalText,
    credentialId: optionalText,
    url: z
      .string({ error: CREDENTIAL_MSG.urlRequired })
      .trim()
      .min(1, CREDENTIAL_MSG.urlRequired)
      .max(500, CREDENTIAL_MSG.urlInvalid)
      .refine((s) => {
        try {
          const u = new URL(s);
          return u.protocol === 'https:' && u.hostname.includes('.');
        } catch {
          return false;
        }
      }, CREDENTIAL_MSG.urlInvalid),
    issuedOn: optionalDate,
    expiresOn: optionalDate,
  })
  .refine((c) => !c.issuedOn || !c.expiresOn || c.expiresOn > c.issuedOn, {
    message: CREDENTIAL_MSG.expiryBeforeIssue,
    path: ['expiresOn'],
  });
export type CredentialInput = z.input<typeof credentialInputSchema>;

/** A credential as its shark and the admins see it. */
export const credentialSchema = z.object({
  id: z.uuid(),
  /** The owner: a shark or a freelancer, exactly one of the two (decision 154). */
  sharkId: z.uuid().nullable(),
  freelancerId: z.uuid().nullable(),
  kind: z.enum(CREDENTIAL_KINDS),
  name: z.string(),
  issuer: z.string().nullable(),
  credentialId: z.string().nullable(),
  url: z.string(),
  issuedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  status: z.enum(CREDENTIAL_STATUSES),
  reason: z.string().nullable(),
  verifiedAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Credential = z.infer<typeof credentialSchema>;

/** In the admin's review queue: with the owner's name and whether a shark or a freelancer holds it. */
export const adminCredentialSchema = credentialSchema.extend({
  ownerName: z.string(),
  ownerKind: z.enum(['shark', 'freelancer']),
});
export type AdminCredential = z.infer<typeof adminCredentialSchema>;

/** GET /api/admin/credentials?status=&q=&page=: a page of one status; `q` searches the credential and its owner. */
export const adminCredentialsQuerySchema = consoleListQuerySchema.extend({
  status: z.enum(CREDENTIAL_STATUSES, { error: CREDENTIAL_MSG.statusInvalid }).optional().default('pending'),
});
export const adminCredentialPageSchema = consolePageSchema(adminCredentialSchema);
export type AdminCredentialPage = z.infer<typeof adminCredentialPageSchema>;

/** POST /api/admin/credentials/:id/review: verified, or rejected with a reason. */
export const credentialReviewSchema = z
  .object({
    verified: z.boolean({ error: CREDENTIAL_MSG.decisionRequired }),
    reason: z.string().trim().max(1000, CREDENTIAL_MSG.reasonTooLong).optional().default(''),
  })
  .refine((r) => r.verified || r.reason.length > 0, {
    message: CREDENTIAL_MSG.reasonRequired,
    path: ['reason'],
  });
export type CredentialReview = z.input<typeof credentialReviewSchema>;

/** GET /api/sharks/:id/credentials: the verified ones only, as the public profile shows them. */
export const publicCredentialSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CREDENTIAL_KINDS),
  name: z.string(),
  issuer: z.string().nullable(),
  url: z.string(),
  expiresOn: z.string().nullable(),
  expired: z.boolean(),
  verifiedAt: z.iso.datetime({ offset: true }),
});
export type PublicCredential = z.infer<typeof publicCredentialSchema>;
