// Client requests (issue 27): what a client asks security freelancers for. Its schemas, states and texts, once,
// for the form and the server.
import { z } from 'zod';
import { isCalendarDate } from './fields';
import { SECURITY_SERVICES } from './security-services';
import { paiseField, paiseSchema, rupeesInput, type MoneyRules } from './money-schemas';

export const REQUEST_STATUSES = ['draft', 'open', 'awarded', 'closed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The one table of a request's life (decision 157): draft -> open -> awarded -> closed, or cancelled before it
 * is awarded. `awarded` is reached only by accepting a proposal, never by this endpoint.
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = {
  draft: ['open', 'cancelled'],
  open: ['cancelled'],
  awarded: ['closed'],
  closed: [],
  cancelled: [],
};
/** What the client may move a request to itself (awarding is the accept of a proposal). */
export const CLIENT_TARGETS = ['open', 'closed', 'cancelled'] as const;

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  awarded: 'Awarded',
  closed: 'Closed',
  cancelled: 'Cancelled',
};

export const ASSET_TYPES = [
  'web',
  'mobile',
  'api',
  'external-network',
  'internal-network',
  'cloud',
  'other',
] as const;
export type AssetType = (typeof ASSET_TYPES)[number];
export const ASSET_TYPE_LABELS: Record<AssetType, string> = {
  web: 'Web application',
  mobile: 'Mobile app',
  api: 'API',
  'external-network': 'External network',
  'internal-network': 'Internal network',
  cloud: 'Cloud',
  other: 'Other',
};

export const VISIBILITIES = ['everyone', 'invited'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  everyone: 'Every freelancer who offers this service',
  invited: 'Only freelancers I invite',
};

/** The NDA a client may require: fixed product text, the same for every request (decision 157). */
export const NDA_TERMS =
  'I will keep everything this client shares about this request (its scope, systems, people and findings) ' +
  'confidential, use it only to prepare my proposal and, if hired, to do the work, and not disclose it to anyone ' +
  'without the client’s written consent, during the request and for three years after it.';

export const REQUEST_MSG = {
  titleRequired: 'Give the request a title',
  titleTooLong: 'The title is too long (120 characters at most)',
  serviceRequired: 'Choose the service you need',
  descriptionTooLong: 'The description is too long (4000 characters at most)',
  assetsRequired: 'List at least one asset in scope',
  assetsTooMany: 'List 50 assets at most',
  assetTypeRequired: 'Choose the asset type',
  assetIdentifierRequired: 'Name the asset (a URL, app, host or range)',
  assetIdentifierTooLong: 'The asset is too long (300 characters at most)',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  windowReversed: 'The testing window must end on or after its first day',
  budgetMinRequired: 'Enter the lowest budget in rupees',
  budgetMaxRequired: 'Enter the highest budget in rupees',
  budgetWhole: 'Enter whole rupees (at least ₹1, at most ₹1,00,00,000)',
  budgetReversed: 'The budget minimum must not be above its maximum',
  deadlinePast: 'The deadline cannot be in the past',
  windowPast: 'The testing window cannot start in the past',
  secretsRefused:
    'Remove the password, key or token: never put credentials or secrets in a request. Share access later, with the freelancer you hire, through a safe channel.',
  noSecretsNotice:
    'Never enter passwords, API keys, tokens or other secrets here. Describe what is in scope; share access only with the freelancer you hire, through a safe channel.',
  notFound: 'Request not found',
  created: 'Your request was saved as a draft.',
  posted: 'Your request is open: matching freelancers can now see it and propose.',
  updated: 'Your request was saved.',
  notEditable: 'Only a draft or open request can be changed.',
  transitionRefused: (from: RequestStatus, to: RequestStatus) =>
    `A request that is ${REQUEST_STATUS_LABELS[from].toLowerCase()} cannot become ${REQUEST_STATUS_LABELS[to].toLowerCase()}.`,
  statusChanged: {
    open: 'Your request is open: matching freelancers can now see it and propose.',
    closed: 'The request is closed.',
    cancelled: 'The request is cancelled.',
  } as Record<(typeof CLIENT_TARGETS)[number], string>,
  inviteClosed: 'Only a draft or open request can invite freelancers.',
  freelancerNotFound: 'Freelancer not found',
  inviteSelf: 'You cannot invite yourself to your own request.',
  invited: (name: string) => `${name} is invited to this request.`,
  ndaAccepted: 'NDA accepted: the full scope is now shown.',
  ndaNotRequired: 'This request does not require an NDA.',
  hidden: 'The request is hidden: freelancers no longer see it.',
  unhidden: 'The request is shown to freelancers again.',
  alreadyHidden: 'This request is already hidden.',
  notHidden: 'This request is not hidden.',
  hiddenInviteRefused: 'A hidden request cannot invite freelancers.',
  /** What its client reads on a hidden request (decision 193), before the admin's reason. */
  hiddenNotice: 'Hidden by our team: freelancers no longer see this request.',
} as const;

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).default('');

const dateField = (message: string) =>
  z.string({ error: message }).trim().refine(isCalendarDate, REQUEST_MSG.dateInvalid);

/** A budget bound: whole rupees from ₹1 to ₹1,00,00,000 (decision 157), in paise. */
const budgetRules = (required: string): MoneyRules => ({
  required,
  invalid: REQUEST_MSG.budgetWhole,
  whole: REQUEST_MSG.budgetWhole,
  min: { paise: 100, message: REQUEST_MSG.budgetWhole },
  max: { paise: 1_000_000_000, message: REQUEST_MSG.budgetWhole },
});
const BUDGET_MIN_RULES = budgetRules(REQUEST_MSG.budgetMinRequired);
const BUDGET_MAX_RULES = budgetRules(REQUEST_MSG.budgetMaxRequired);

export const assetSchema = z.object({
  type: z.enum(ASSET_TYPES, { error: REQUEST_MSG.assetTypeRequired }),
  identifier: z
    .string({ error: REQUEST_MSG.assetIdentifierRequired })
    .trim()
    .min(1, REQUEST_MSG.assetIdentifierRequired)
    .max(300, REQUEST_MSG.assetIdentifierTooLong),
  inScope: z.boolean(),
});
export type Asset = z.infer<typeof assetSchema>;

const requestFields = z.object({
  title: z
    .string({ error: REQUEST_MSG.titleRequired })
    .trim()
    .min(1, REQUEST_MSG.titleRequired)
    .max(120, REQUEST_MSG.titleTooLong),
  service: z.enum(SECURITY_SERVICES, { error: REQUEST_MSG.serviceRequired }),
  description: optionalText(4000, REQUEST_MSG.descriptionTooLong),
  assets: z
    .array(assetSchema, { error: REQUEST_MSG.assetsRequired })
    .max(50, REQUEST_MSG.assetsTooMany)
    .refine((a) => a.some((x) => x.inScope), REQUEST_MSG.assetsRequired),
  windowFrom: dateField(REQUEST_MSG.dateInvalid),
  windowTo: dateField(REQUEST_MSG.dateInvalid),
  budgetMinPaise: paiseField(BUDGET_MIN_RULES),
  budgetMaxPaise: paiseField(BUDGET_MAX_RULES),
  deadline: dateField(REQUEST_MSG.dateInvalid),
  ndaRequired: z.boolean(),
  visibility: z.enum(VISIBILITIES),
});

type Ranges = { budgetMinPaise: number; budgetMaxPaise: number; windowFrom: string; windowTo: string };
const ranges = <T extends z.ZodType<Ranges>>(
  schema: T,
  budgetPath: 'budgetMinPaise' | 'budgetMin' = 'budgetMinPaise',
) =>
  schema
    .refine((r) => r.budgetMinPaise <= r.budgetMaxPaise, {
      message: REQUEST_MSG.budgetReversed,
      path: [budgetPath],
    })
    .refine((r) => r.windowFrom <= r.windowTo, { message: REQUEST_MSG.windowReversed, path: ['windowTo'] });

/** PUT /api/requests/:id, the budget in paise. Dates against today are checked by the server (its clock). */
export const requestInputSchema = ranges(requestFields);
export type RequestInput = z.input<typeof requestInputSchema>;
export type RequestData = z.output<typeof requestInputSchema>;

/** The request form: the budget typed in whole rupees, sent as `budgetMinPaise` and `budgetMaxPaise`. */
export const requestFormSchema = ranges(
  requestFields
    .omit({ budgetMinPaise: true, budgetMaxPaise: true })
    .extend({ budgetMin: rupeesInput(BUDGET_MIN_RULES), budgetMax: rupeesInput(BUDGET_MAX_RULES) })
    .transform(({ budgetMin, budgetMax, ...r }): RequestData => ({
      ...r,
      budgetMinPaise: budgetMin,
      budgetMaxPaise: budgetMax,
    })),
  'budgetMin',
);
export type RequestFormInput = Omit<RequestInput, 'budgetMinPaise' | 'budgetMaxPaise'> & {
  budgetMin: string;
  budgetMax: string;
};

/** POST /api/requests: the form's fields, and whether to open it now ("Post request") or keep a draft. */
export const createRequestSchema = ranges(requestFields.extend({ publish: z.boolean() }));

export const requestTransitionSchema = z.object({ to: z.enum(CLIENT_TARGETS) });
export const inviteSchema = z.object({ freelancerId: z.uuid({ error: REQUEST_MSG.freelancerNotFound }) });

/**
 * Text that looks like a secret: `password=`, `api_key: ...`, a bearer token, a private key block. The form says
 * not to share any; the server refuses these obvious ones (decision 157).
 */
const SECRET_PATTERNS = [
  /\b(pass(word|wd)?|pwd|secret|api[\s_-]?key|access[\s_-]?key|token|auth)\s*[:=]\s*\S/i,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /\bbearer\s+[A-Za-z0-9._~+/-]{16,}/i,
  /\bAKIA[0-9A-Z]{16}\b/,
  /:\/\/[^/\s:@]+:[^/\s@]+@/,
];
export const looksLikeSecret = (text: string) => SECRET_PATTERNS.some((p) => p.test(text));

const requestSummaryFields = {
  id: z.uuid(),
  title: z.string(),
  service: z.enum(SECURITY_SERVICES),
  budgetMinPaise: paiseSchema,
  budgetMaxPaise: paiseSchema,
  deadline: z.string(),
  status: z.enum(REQUEST_STATUSES),
  ndaRequired: z.boolean(),
  visibility: z.enum(VISIBILITIES),
  createdAt: z.string(),
};

/** Set when an admin hid the request as spam (decision 193): when, and the reason its client is shown. */
const hiddenFields = { hiddenAt: z.string().nullable(), hiddenReason: z.string().nullable() };

/** One row of "My requests". */
export const myRequestSchema = z.object({
  ...requestSummaryFields,
  ...hiddenFields,
  proposalCount: z.number(),
});
export type MyRequest = z.infer<typeof myRequestSchema>;

/** One row of the admin console's Requests list. */
export const adminRequestRowSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  service: z.enum(SECURITY_SERVICES),
  status: z.enum(REQUEST_STATUSES),
  visibility: z.enum(VISIBILITIES),
  createdAt: z.string(),
  clientName: z.string(),
  clientEmail: z.string(),
  proposalCount: z.number(),
  ...hiddenFields,
});
export type AdminRequestRow = z.infer<typeof adminRequestRowSchema>;

/** The full request, as its client (and admins) see it. */
export const requestDetailSchema = z.object({
  ...requestSummaryFields,
  ...hiddenFields,
  description: z.string(),
  assets: z.array(assetSchema),
  windowFrom: z.string(),
  windowTo: z.string(),
  ndaTerms: z.string().nullable(),
  allowed: z.array(z.enum(REQUEST_STATUSES)),
  invited: z.array(z.object({ freelancerId: z.uuid(), name: z.string(), invitedAt: z.string() })),
  viewerIsClient: z.boolean(),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;

/**
 * A request as a freelancer sees it: until it accepts a required NDA, only the title, service, budget and
 * deadline (`scope` is null).
 */
export const freelancerRequestSchema = z.object({
  ...requestSummaryFields,
  clientName: z.string(),
  invited: z.boolean(),
  ndaTerms: z.string().nullable(),
  ndaAcceptedAt: z.string().nullable(),
  scope: z
    .object({
      description: z.string(),
      assets: z.array(assetSchema),
      windowFrom: z.string(),
      windowTo: z.string(),
    })
    .nullable(),
});
export type FreelancerRequest = z.infer<typeof freelancerRequestSchema>;

/** The few fields of a request the freelancer's lists show. */
export const requestCardSchema = z.object({ ...requestSummaryFields, invited: z.boolean() });
export type RequestCard = z.infer<typeof requestCardSchema>;

/** A client's open or draft requests, for "Invite to a request". */
export const invitableRequestSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(REQUEST_STATUSES),
});
