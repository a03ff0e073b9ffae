// One template per kind of mail (decision 080). Each kind describes its content once (heading, paragraphs, the
// one action link); the HTML part is built from it with react-email components (a dark header and one accent,
// one column that reads on a phone) and the plain-text part from the same content, so both say the same.
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render } from '@react-email/render';
import { paths } from '#shared/routes.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { type NoShowOutcome } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { REVIEW_RULES } from '#shared/reviews.ts';
import { MONEY_DOCUMENT_LABEL } from '#shared/ledger.ts';
import { REFUND_REASON_LABEL, type RefundReason, type RefundStatus } from '#shared/payments.ts';

export const MAIL_TEMPLATES = [
  'verify-email',
  'account-exists',
  'password-reset',
  'set-password',
  'contact-ack',
  'contact-inbox',
  'application-received',
  'application-admin-notice',
  'password-changed',
  'email-changed',
  'account-deleted',
  'confirm-new-email',
  'application-rejected',
  'application-confirm-role',
  'shark-publication',
  'account-suspended',
  'suspension-lifted',
  'credential-reviewed',
  'calendar-open',
  'calendar-source-failing',
  'session-requested',
  'session-request-receipt',
  'session-confirmed',
  'session-declined',
  'session-expired',
  'session-cancelled',
  'session-reschedule-proposed',
  'session-rescheduled',
  'session-reschedule-declined',
  'session-no-show',
  'session-no-show-resolved',
  'session-reminder',
  'session-messages',
  'review-invitation',
  'review-moderated',
  'first-review',
  'payment-received',
  'refund-update',
  'payout-details-changed',
  'payout-update',
  'payout-details-missing',
  'reconciliation-exceptions',
  'proposal-not-chosen',
  'milestone-payment-received',
  'milestone-refund-update',
  'milestone-update',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

/** What each template needs. Links are absolute (built on APP_ORIGIN by the caller). */
export interface MailData {
  'verify-email': { link: string };
  'account-exists': { link: string };
  'password-reset': { link: string; hours: number };
  'set-password': { link: string; hours: number; role: 'shark' | 'admin'; name: string };
  'contact-ack': { link: string };
  'contact-inbox': { name: string; email: string; message: string; link: string };
  'application-received': { link: string };
  'application-admin-notice': { name: string; email: string; specialization: string; link: string };
  'password-changed': { link: string };
  'email-changed': { newEmail: string; link: string };
  'account-deleted': { link: string };
  'confirm-new-email': { link: string };
  'application-rejected': { name: string; reason: string; link: string };
  'application-confirm-role': { name: string; link: string; days: number };
  'shark-publication': { name: string; published: boolean; reason: string; link: string };
  'account-suspended': { reason: string; link: string };
  'suspension-lifted': { link: string };
  'credential-reviewed': { credential: string; verified: boolean; reason: string | null; link: string };
  'calendar-open': { name: string; link: string };
  /** A calendar the shark added could not be read for a day (issue 26): its masked address, since when, why. */
  'calendar-source-failing': { calendar: string; since: string; error: string; link: string };
  'session-requested': SessionMail & { answerBy: string };
  'session-request-receipt': SessionMail & { answerBy: string };
  'session-confirmed': SessionMail & { meetingLink: string | null; calendar: string };
  'session-declined': SessionMail & { reason: string };
  'session-expired': SessionMail & { recipient: SessionSide };
  'session-cancelled': SessionMail & {
    by: SessionSide | 'admin';
    reason: string;
    late: boolean;
    cancellationHours: number;
  };
  'session-reschedule-proposed': SessionMail & { by: SessionSide | 'admin'; proposed: string };
  'session-rescheduled': SessionMail & { calendar: string };
  'session-reschedule-declined': SessionMail & { proposed: string };
  'session-no-show': SessionMail & { by: SessionSide | 'admin'; note: string };
  'session-no-show-resolved': SessionMail & {
    recipient: SessionSide;
    reportedBy: SessionSide;
    outcome: NoShowOutcome;
    reason: string;
  };
  'session-reminder': SessionMail & { hoursBefore: number; meetingLink: string | null };
  'session-messages': SessionMail & { from: string; messages: { at: string; body: string }[] };
  'review-invitation': { sharkName: string; courseTitle: string; days: number; link: string };
  'review-moderated': { sharkName: string; hidden: boolean; reason: string; link: string };
  'first-review': { sharkName: string; link: string };
  /** To the learner once a payment is captured; the caller attaches the document as a PDF. */
  'payment-received': SessionMail & {
    /** What was taken, formatted ("₹3,000"). */
    amountPaid: string;
    /** The day it was paid, in the learner's zone ("3 Dec 2026"). */
    paidOn: string;
    document: { kind: 'receipt' | 'tax_invoice'; number: string };
  };
  /** To the learner at each change of a refund; the caller attaches the credit note once there is one. */
  'refund-update': SessionMail & {
    status: RefundStatus;
    /** What is refunded, formatted ("₹1,500"). */
    amount: string;
    reason: RefundReason;
    /** The day of this change, in the learner's zone ("5 Dec 2026"). */
    on: string;
    creditNoteNumber: string | null;
  };
  /** To the shark whenever its payout details are saved: only their masked forms. */
  'payout-details-changed': {
    /** True for the first details an account saves. */
    first: boolean;
    /** Where payouts now go, masked ("UPI ra••••@okaxis", "bank account •••• 1234 at HDFC0001234"). */
    destination: string;
    /** "•••• 234F" */
    pan: string;
    link: string;
  };
  /** To the payee at each step of a payout (decision 137). */
  'payout-update': {
    status: 'created' | 'sent' | 'paid' | 'failed';
    /** "₹4,500" */
    amount: string;
    /** "2026-W48" */
    period: string;
    /** Masked: "UPI ra••••@okaxis". */
    destination: string;
    /** The bank's UTR or the provider's transfer id. */
    reference: string | null;
    /** Why it failed. */
    reason: string | null;
    link: string;
  };
  /** To a payee the payout run skipped: a balance to pay and no payout details. */
  'payout-details-missing': { amount: string; link: string };
  /** To every admin, once per reconciliation run that found something new: one line per new exception. */
  'reconciliation-exceptions': {
    /** The day reconciled, as the app's zone reads it ("22 Nov 2026"). */
    day: string;
    exceptions: { label: string; summary: string }[];
    link: string;
    /** Found by the daily run (the default), or when a capture the provider reported was refused (issue 38). */
    found?: 'daily' | 'capture';
  };
  /** To a freelancer whose proposal was not the one the client accepted (issue 27). */
  'proposal-not-chosen': { requestTitle: string; link: string };
  /** To the client once a milestone's payment is captured (decision 176); the caller attaches the document. */
  'milestone-payment-received': MilestoneMail & {
    amountPaid: string;
    paidOn: string;
    document: { kind: 'receipt' | 'tax_invoice'; number: string };
  };
  /** To the client at each change of a milestone's refund (a dispute ruled for it); the credit note once sent. */
  'milestone-refund-update': MilestoneMail & {
    status: RefundStatus;
    amount: string;
    on: string;
    creditNoteNumber: string | null;
  };
  /** To one party at each step of a milestone (issue 27): funded, delivered, approved, changes, disputes. */
  'milestone-update': MilestoneMail & {
    change: MilestoneChange;
    /** The other party's note: the changes asked for, the delivery's note, a dispute's reason, a ruling's. */
    note: string | null;
    /** The freelancer's share, formatted, when it is funded or released. */
    share: string | null;
  };
}

/** What a milestone mail says of its engagement, already written for its recipient (link absolute). */
export interface MilestoneMail {
  engagement: string;
  milestone: string;
  client: string;
  freelancer: string;
  link: string;
}

export type MilestoneChange =
  | 'funded'
  | 'delivered'
  | 'approved'
  | 'auto_approved'
  | 'changes_requested'
  | 'disputed'
  | 'released'
  | 'refunded'
  | 'completed';

export type SessionSide = 'learner' | 'shark';

/**
 * What every session mail says about its session, already written for its recipient: `when` is the time in the
 * recipient's zone with the zone named, `price` is formatted, `link` is the session page's absolute URL.
 */
export interface SessionMail {
  course: string;
  shark: string;
  learner: string;
  when: string;
  hours: number;
  price: string;
  link: string;
}

/** A file attached to a mail: text (the session's .ics), or base64 bytes (a receipt's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
}

export interface MailContent {
  subject: string;
  /** The first line a mail client shows in the list. */
  preview: string;
  heading: string;
  paragraphs: string[];
  /** The mail's one action, shown as a button (and as the full address in the text part). */
  action?: { label: string; url: string };
  /** Lines after the action: expiry, what to do if it was not you. */
  after?: string[];
  /** Quoted text from a visitor (contact form), shown as a block. */
  quote?: string;
  /** Files sent with the mail (a session's calendar entry). */
  attachments?: MailAttachment[];
}

const hoursText = (h: number) => `${h} hour${h === 1 ? '' : 's'}`;
const sessionLine = (d: SessionMail) =>
  `${d.course} with ${d.shark}, ${d.when} (${hoursText(d.hours)}, ${d.price}).`;
const sideName = (d: SessionMail, side: SessionSide | 'admin') =>
  side === 'admin' ? 'The Shark Security team' : side === 'shark' ? d.shark : d.learner;
const openSession = (d: SessionMail) => ({ label: 'Open the session', url: d.link });
const calendarFile = (content: string): MailAttachment[] => [
  { filename: 'session.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content },
];

const expiry = (hours: number) =>
  `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`;

const MILESTONE_CHANGE: Record<MilestoneChange, { subject: string; heading: string; text: string }> = {
  funded: {
    subject: 'Milestone funded',
    heading: 'The milestone is funded: work can start',
    text: 'The client funded this milestone. The money is held by us until the client approves the delivery.',
  },
  delivered: {
    subject: 'Milestone delivered',
    heading: 'The milestone was delivered',
    text: 'The freelancer marked this milestone delivered. Approve it or ask for changes within 14 days; without an answer it is approved automatically.',
  },
  approved: {
    subject: 'Milestone approved',
    heading: 'The milestone was approved',
    text: 'The client approved this milestone. Its share is now in your available earnings, paid out at the next payout run.',
  },
  auto_approved: {
    subject: 'Milestone approved automatically',
    heading: 'The milestone was approved automatically',
    text: 'Fourteen days passed after the delivery without an answer, so the milestone was approved and its share released to the freelancer.',
  },
  changes_requested: {
    subject: 'Changes requested on a milestone',
    heading: 'The client asked for changes',
    text: 'The client asked for changes before approving this milestone. Deliver it again once they are made.',
  },
  disputed: {
    subject: 'A milestone is disputed',
    heading: 'A dispute was opened',
    text: 'A dispute was opened on this milestone. Our team will look at it and rule: release to the freelancer or refund to the client.',
  },
  released: {
    subject: 'Dispute settled: milestone released',
    heading: 'The dispute was ruled for the freelancer',
    text: "Our team ruled the dispute: the milestone is released and its share is the freelancer's.",
  },
  refunded: {
    subject: 'Dispute settled: milestone refunded',
    heading: 'The dispute was ruled for the client',
    text: 'Our team ruled the dispute: the milestone is refunded to the client in full.',
  },
  completed: {
    subject: 'Engagement completed',
    heading: 'The engagement is completed',
    text: 'Every milestone of this engagement is approved or refunded, so the engagement is completed.',
  },
};

const openEngagement = (d: MilestoneMail) => ({ label: 'Open the engagement', url: d.link });

const MILESTONE_CONTENT = {
  'milestone-payment-received': (d: MailData['milestone-payment-received']): MailContent => ({
    subject: `Payment received: ${d.amountPaid} for ${d.milestone}`,
    preview: `${d.amountPaid} paid on ${d.paidOn}. Your ${MONEY_DOCUMENT_LABEL[d.document.kind].toLowerCase()} is attached.`,
    heading: 'Payment received',
    paragraphs: [
      `We received ${d.amountPaid} on ${d.paidOn} for the milestone "${d.milestone}" of ${d.engagement} with ${d.freelancer}. We hold it until you approve the delivery.`,
      `Your ${MONEY_DOCUMENT_LABEL[d.document.kind].toLowerCase()} ${d.document.number} is attached to this mail as a PDF.`,
    ],
    action: openEngagement(d),
  }),
  'milestone-refund-update': (d: MailData['milestone-refund-update']): MailContent => {
    const about = `the milestone "${d.milestone}" of ${d.engagement}`;
    const note = d.creditNoteNumber
      ? [`Your ${MONEY_DOCUMENT_LABEL.credit_note.toLowerCase()} ${d.creditNoteNumber} is attached as a PDF.`]
      : [];
    const head =
      d.status === 'pending'
        ? { subject: `Refund started: ${d.amount} for ${d.milestone}`, heading: 'Your refund has started' }
        : d.status === 'processed'
          ? { subject: `Refunded: ${d.amount} for ${d.milestone}`, heading: 'Your refund was sent' }
          : {
              subject: `Your refund of ${d.amount} did not go through`,
              heading: 'Your refund did not go through',
            };
    return {
      ...head,
      preview: `${d.amount} for ${about}.`,
      paragraphs: [
        d.status === 'failed'
          ? `On ${d.on} the payment provider could not send the refund of ${d.amount} for ${about}. We will look into it and write to you.`
          : `On ${d.on} we ${d.status === 'pending' ? 'started a refund of' : 'sent back'} ${d.amount} for ${about} to your original payment method.`,
        ...note,
      ],
      action: openEngagement(d),
    };
  },
  'milestone-update': (d: MailData['milestone-update']): MailContent => {
    const c = MILESTONE_CHANGE[d.change];
    return {
      subject: `${c.subject}: ${d.milestone}`,
      preview: `${d.engagement}: ${c.heading.toLowerCase()}.`,
      heading: c.heading,
      paragraphs: [
        `${d.engagement}, milestone "${d.milestone}" (${d.client} with ${d.freelancer}).`,
        c.text,
        ...(d.share ? [`The freelancer's share, after the platform fee and its GST: ${d.share}.`] : []),
      ],
      ...(d.note ? { quote: d.note } : {}),
      action: openEngagement(d),
    };
  },
};

const CONTENT: { [K in MailTemplate]: (d: MailData[K]) => MailContent } = {
  ...MILESTONE_CONTENT,
  'verify-email': (d) => ({
    subject: 'Verify your email for Shark Security',
    preview: 'Confirm your email address to start using your account.',
    heading: 'Welcome to Shark Security',
    paragraphs: ['Confirm your email address to start using your account.'],
    action: { label: 'Verify my email', url: d.link },
    after: ['The link works once and expires in 24 hours. If you did not sign up, ignore this mail.'],
  }),
  'account-exists': (d) => ({
    subject: 'Someone tried to sign up with your email',
    preview: 'Your email already has a Shark Security account.',
    heading: 'You already have an account',
    paragraphs: [
      'Someone (maybe you) tried to create a Shark Security account with this email, which already has one.',
      'If it was you, log in, or reset your password:',
    ],
    action: { label: 'Reset my password', url: d.link },
    after: ['If it was not you, you can ignore this mail: nothing changed.'],
  }),
  'password-reset': (d) => ({
    subject: 'Reset your Shark Security password',
    preview: 'Choose a new password for your account.',
    heading: 'Reset your password',
    paragraphs: ['Someone asked to reset the password of this Shark Security account.'],
    action: { label: 'Choose a new password', url: d.link },
    after: [`${expiry(d.hours)} If you did not ask, ignore this mail: your password stays the same.`],
  }),
  'set-password': (d) => ({
    subject: 'Your Shark Security account is ready',
    preview: 'Choose your password to sign in.',
    heading: d.role === 'shark' ? `Welcome aboard, ${d.name}` : `Your admin account, ${d.name}`,
    paragraphs: [
      d.role === 'shark'
        ? 'The Shark Security team created a shark account for you. Once you have chosen your password you can fill in your profile and publish your courses.'
        : 'The Shark Security team created an admin account for you.',
      'Choose your password here to sign in:',
    ],
    action: { label: 'Choose my password', url: d.link },
    after: [`${expiry(d.hours)} When it has expired, use "Forgot password" on the login page for a new one.`],
  }),
  'contact-ack': (d) => ({
    subject: 'We received your message',
    preview: 'Thank you for writing to Shark Security.',
    heading: 'Thank you for writing to us',
    // Nothing the visitor typed is repeated: the form must not let anyone mail their own text to any address.
    paragraphs: [
      'We received your message and will answer within two working days.',
      'If you did not write to Shark Security, you can ignore this mail.',
    ],
    action: { label: 'Visit Shark Security', url: d.link },
  }),
  'contact-inbox': (d) => ({
    subject: `Contact form: ${d.name}`,
    preview: `${d.name} <${d.email}> wrote through the contact form.`,
    heading: 'A message from the contact form',
    paragraphs: [`From ${d.name} <${d.email}>. Reply to this address to answer.`],
    quote: d.message,
    action: { label: 'Open the admin console', url: d.link },
  }),
  'application-received': (d) => ({
    subject: 'We received your shark application',
    preview: 'Thank you for applying to teach on Shark Security.',
    heading: 'Thank you for applying',
    paragraphs: [
      'We received your application to become a shark. Our team reviews every application and will write to you at this address.',
      'You do not need to do anything else for now. If you did not apply, you can ignore this mail.',
    ],
    action: { label: 'Visit Shark Security', url: d.link },
  }),
  'application-admin-notice': (d) => ({
    subject: `New shark application: ${d.name}`,
    preview: `${d.name} applied to become a shark.`,
    heading: 'A new shark application',
    paragraphs: [`${d.name} <${d.email}> applied to become a shark (${d.specialization}).`],
    action: { label: 'Review it in the admin console', url: d.link },
  }),
  'password-changed': (d) => ({
    subject: 'Your Shark Security password was changed',
    preview: 'The password of your account was just changed.',
    heading: 'Your password was changed',
    paragraphs: ['The password of your Shark Security account was just changed.'],
    after: ['If it was you, nothing else to do. If it was not you, reset your password now:'],
    action: { label: 'Reset my password', url: d.link },
  }),
  'email-changed': (d) => ({
    subject: 'The email of your Shark Security account was changed',
    preview: `Your account now uses ${d.newEmail}.`,
    heading: 'Your email address was changed',
    paragraphs: [
      `Your Shark Security account now uses ${d.newEmail}. This address will no longer receive its mail.`,
    ],
    after: ['If it was not you, write to us at once by answering this mail or through the contact page:'],
    action: { label: 'Contact Shark Security', url: d.link },
  }),
  'confirm-new-email': (d) => ({
    subject: 'Confirm the new email of your Shark Security account',
    preview: 'Open the link to move your account to this address.',
    heading: 'Confirm your new email address',
    paragraphs: [
      'You asked to use this address for your Shark Security account. It takes effect when you open this link:',
    ],
    action: { label: 'Confirm my new email', url: d.link },
    after: [
      'The link works once and expires in 24 hours. If it was not you, ignore this mail: nothing changes.',
    ],
  }),
  'account-deleted': (d) => ({
    subject: 'Your Shark Security account was deleted',
    preview: 'Your account and its data are gone.',
    heading: 'Your account was deleted',
    paragraphs: [
      'Your Shark Security account and the data it held were deleted, as you asked. Thank you for having been with us.',
    ],
    after: ['If it was not you, contact us:'],
    action: { label: 'Contact Shark Security', url: d.link },
  }),
  'application-rejected': (d) => ({
    subject: 'About your shark application',
    preview: 'Our team reviewed your application to become a shark.',
    heading: `Thank you, ${d.name}`,
    paragraphs: [
      'Our team reviewed your application to become a shark and cannot accept it for now. The reason we noted:',
      'You are welcome to apply again later.',
    ],
    quote: d.reason,
    action: { label: 'Visit Shark Security', url: d.link },
  }),
  'application-confirm-role': (d) => ({
    subject: 'Confirm your shark account',
    preview: 'Your application was accepted: confirm to become a shark.',
    heading: `Welcome aboard, ${d.name}`,
    paragraphs: [
      'Your application to become a shark was accepted. This email already has a Shark Security account, so we add the shark role to it once you confirm.',
      'Log in with this email, then confirm here:',
    ],
    action: { label: 'Confirm and become a shark', url: d.link },
    after: [`The link works once and expires in ${d.days} days. If you did not apply, ignore this mail.`],
  }),
  'shark-publication': (d) => ({
    subject: d.published ? 'Your shark profile is published' : 'Your shark profile was unpublished',
    preview: d.published
      ? 'Learners can now find your profile.'
      : 'Your profile no longer shows in the catalogue.',
    heading: d.published ? `Your profile is live, ${d.name}` : `Your profile was unpublished, ${d.name}`,
    paragraphs: [
      d.published
        ? 'The Shark Security team published your profile: learners can now find it in the catalogue. The note from our team:'
        : 'The Shark Security team unpublished your profile: it no longer shows in the catalogue. The reason we noted:',
    ],
    quote: d.reason,
    action: { label: 'Open my workspace', url: d.link },
  }),
  'account-suspended': (d) => ({
    subject: 'Your Shark Security account is suspended',
    preview: 'You cannot log in until the suspension is lifted.',
    heading: 'Your account is suspended',
    paragraphs: [
      'The Shark Security team suspended your account: you cannot log in and your public profile is hidden. The reason we noted:',
    ],
    quote: d.reason,
    after: ['If you think this is a mistake, contact us:'],
    action: { label: 'Contact Shark Security', url: d.link },
  }),
  'suspension-lifted': (d) => ({
    subject: 'Your Shark Security account is active again',
    preview: 'The suspension of your account was lifted.',
    heading: 'Welcome back',
    paragraphs: ['The suspension of your Shark Security account was lifted: you can log in again.'],
    action: { label: 'Log in', url: d.link },
  }),
  'payout-details-changed': (d) => ({
    subject: d.first ? 'Payout details added to your account' : 'Your payout details were changed',
    preview: `Your payouts now go to ${d.destination}.`,
    heading: d.first ? 'Payout details added' : 'Payout details changed',
    paragraphs: [
      d.first
        ? `Payout details were added to your Shark Security account: your payouts will go to ${d.destination}, with the PAN ${d.pan}.`
        : `The payout details of your Shark Security account were changed: your payouts now go to ${d.destination}, with the PAN ${d.pan}.`,
    ],
    after: [
      'If it was you, nothing else to do. If it was not you, reset your password, put your own details back and tell us at once through the contact page.',
    ],
    action: { label: 'Check my payout details', url: d.link },
  }),
  'payout-update': (d) => {
    const subject = {
      created: `Your payout of ${d.amount} is on its way`,
      sent: `Your payout of ${d.amount} was sent`,
      paid: `Your payout of ${d.amount} was paid`,
      failed: `Your payout of ${d.amount} failed`,
    }[d.status];
    const paragraph = {
      created: `We made your payout of ${d.amount} for ${d.period} from your available balance. It goes to ${d.destination}.`,
      sent: `Your payout of ${d.amount} for ${d.period} was sent to ${d.destination}. Banks usually credit it within one working day.`,
      paid: `Your payout of ${d.amount} for ${d.period} was paid to ${d.destination}. Its bank reference is ${d.reference ?? ''}.`,
      failed: `Your payout of ${d.amount} for ${d.period} to ${d.destination} failed. The money is back in your available balance and goes out with the next payout. The reason:`,
    }[d.status];
    return {
      subject,
      preview: paragraph,
      heading: subject,
      paragraphs: [paragraph],
      quote: d.status === 'failed' ? (d.reason ?? undefined) : undefined,
      after:
        d.status === 'failed'
          ? ['If your payout details are wrong, correct them before the next payout.']
          : undefined,
      action: { label: 'See my earnings', url: d.link },
    };
  },
  'payout-details-missing': (d) => ({
    subject: 'Add your payout details to be paid',
    preview: `You have ${d.amount} to be paid out, and no payout details.`,
    heading: 'Add your payout details',
    paragraphs: [
      `You have ${d.amount} available to be paid out, but no UPI id or bank account to send it to. Add one, with your PAN, and the next payout sends it. Your balance waits until then.`,
    ],
    action: { label: 'Add payout details', url: d.link },
  }),
  'reconciliation-exceptions': (d) => {
    const n = d.exceptions.length;
    const count = `${n} new exception${n === 1 ? '' : 's'}`;
    return {
      subject: `Reconciliation of ${d.day}: ${count}`,
      preview: `The provider's records and the ledger differ: ${count} to look into.`,
      heading: 'Reconciliation exceptions',
      paragraphs: [
        d.found === 'capture'
          ? `On ${d.day} the provider reported a capture that does not match what was ordered. Nothing was booked or counted; it is recorded as ${count}:`
          : `The daily reconciliation of ${d.day} compared the provider's payments with our payments and the ledger, and found ${count}:`,
        ...d.exceptions.map((e) => `${e.label}: ${e.summary}`),
      ],
      action: { label: 'Open the reconciliation', url: d.link },
      after: ['Each stays open in the admin console until an admin resolves it with a note.'],
    };
  },
  'proposal-not-chosen': (d) => ({
    subject: `Another proposal was chosen for ${d.requestTitle}`,
    preview: 'The client accepted another proposal for this request.',
    heading: 'Another proposal was chosen',
    paragraphs: [
      `Thank you for proposing on "${d.requestTitle}". The client accepted another proposal, so this request is now closed to new work.`,
      'Open requests that match your services are waiting in your client requests.',
    ],
    action: { label: 'See client requests', url: d.link },
  }),
  'credential-reviewed': (d) => ({
    subject: d.verified ? `${d.credential} is verified` : `${d.credential} could not be verified`,
    preview: d.verified
      ? 'Your credential now shows on your public profile.'
      : 'Our team could not verify your credential.',
    heading: d.verified ? 'Credential verified' : 'Credential not verified',
    paragraphs: d.verified
      ? [`We checked ${d.credential} against its verification link: it now shows on your public profile.`]
      : [`We could not verify ${d.credential} against its verification link. The reason we noted:`],
    quote: d.reason ?? undefined,
    action: { label: 'Open my credentials', url: d.link },
  }),
  'calendar-open': (d) => ({
    subject: AVAILABILITY_MSG.mailSubject(d.name),
    preview: AVAILABILITY_MSG.mailBody(d.name),
    heading: AVAILABILITY_MSG.mailSubject(d.name),
    paragraphs: [AVAILABILITY_MSG.mailBody(d.name)],
    action: { label: 'See free times', url: d.link },
  }),
  'calendar-source-failing': (d) => ({
    subject: `Your calendar ${d.calendar} could not be read since ${d.since}`,
    preview: 'Its busy times may be out of date, so learners could book times you are busy.',
    heading: 'We cannot read one of your calendars',
    paragraphs: [
      `Your calendar ${d.calendar} could not be read since ${d.since}. The last error: ${d.error}`,
      'Until it works again we keep the busy times we read last, and new events in it do not block your free slots. Check that the secret address still works, or remove it and add the new one.',
    ],
    action: { label: 'Open my availability', url: d.link },
  }),
  'session-requested': (d) => ({
    subject: `New session request: ${d.course} from ${d.learner}`,
    preview: `${d.learner} asks for a session on ${d.when}.`,
    heading: 'A new session request',
    paragraphs: [
      `${d.learner} asks for a session of ${sessionLine(d)}`,
      `Accept or decline it by ${d.answerBy}. A request left unanswered then expires and the slot is free again.`,
    ],
    action: { label: 'Answer the request', url: d.link },
  }),
  'session-request-receipt': (d) => ({
    subject: `Your request to ${d.shark} is waiting for an answer`,
    preview: `${d.shark} has until ${d.answerBy} to accept or decline.`,
    heading: `Request sent: awaiting ${d.shark}`,
    paragraphs: [
      `You asked for a session of ${sessionLine(d)}`,
      `The slot is held for you, but the session only goes ahead once ${d.shark} accepts. ${d.shark} has until ${d.answerBy} to answer, and we will mail you either way.`,
    ],
    action: openSession(d),
    after: [SESSION_MSG.paymentHeld],
  }),
  'session-confirmed': (d) => ({
    subject: `Session confirmed: ${d.course} with ${d.shark}`,
    preview: `${d.shark} accepted your session on ${d.when}.`,
    heading: 'Your session is confirmed',
    paragraphs: [
      `${d.shark} accepted your session of ${sessionLine(d)}`,
      d.meetingLink
        ? `Join it here: ${d.meetingLink}`
        : `${d.shark} will add the meeting link on the session page before it starts.`,
      'The calendar file attached to this mail adds it to your calendar.',
    ],
    action: openSession(d),
    attachments: calendarFile(d.calendar),
  }),
  'session-declined': (d) => ({
    subject: `${d.shark} declined your session request`,
    preview: `Your request for ${d.when} was declined.`,
    heading: 'Your request was declined',
    paragraphs: [`${d.shark} declined your request for ${d.course} on ${d.when}. The reason given:`],
    quote: d.reason,
    action: openSession(d),
    after: ['You can pick another time on their profile.', SESSION_MSG.refundFollows],
  }),
  'session-expired': (d) => ({
    subject: `Session request expired: ${d.course} on ${d.when}`,
    preview:
      d.recipient === 'learner'
        ? `${d.shark} did not answer in time.`
        : 'The request was not answered in time.',
    heading: 'The request expired',
    paragraphs: [
      d.recipient === 'learner'
        ? `${d.shark} did not answer your request for ${d.course} on ${d.when} in time, so it expired and the slot is free again. You can pick another time on their profile.`
        : `The request of ${d.learner} for ${d.course} on ${d.when} was not answered in time, so it expired and the slot is free again.`,
    ],
    action: openSession(d),
    after: [SESSION_MSG.refundFollows],
  }),
  'session-cancelled': (d) => ({
    subject: `Session cancelled: ${d.course} on ${d.when}`,
    preview: `${sideName(d, d.by)} cancelled the session.`,
    heading: 'The session was cancelled',
    paragraphs: [
      `${sideName(d, d.by)} cancelled the session of ${sessionLine(d)} The slot is free again.`,
      ...(d.late
        ? [
            `It was cancelled less than ${d.cancellationHours} h before the start, so it is recorded as a late cancellation.`,
          ]
        : []),
      'The reason given:',
    ],
    quote: d.reason,
    action: openSession(d),
    after: [SESSION_MSG.refundFollows],
  }),
  'session-reschedule-proposed': (d) => ({
    subject: `New time proposed: ${d.course}`,
    preview: `${sideName(d, d.by)} proposes ${d.proposed}.`,
    heading: 'A new time is proposed',
    paragraphs: [
      `${sideName(d, d.by)} proposes to move the session of ${d.course} from ${d.when} to ${d.proposed}.`,
      'Accept or decline it on the session page. Until you accept, the session stays at its current time.',
    ],
    action: { label: 'Answer the proposal', url: d.link },
  }),
  'session-rescheduled': (d) => ({
    subject: `Session moved: ${d.course} is now on ${d.when}`,
    preview: `The session now takes place on ${d.when}.`,
    heading: 'The session has moved',
    paragraphs: [
      `The new time is accepted: the session of ${sessionLine(d)}`,
      'The calendar file attached to this mail updates the entry in your calendar.',
    ],
    action: openSession(d),
    attachments: calendarFile(d.calendar),
  }),
  'session-reschedule-declined': (d) => ({
    subject: `New time declined: ${d.course}`,
    preview: `The session stays on ${d.when}.`,
    heading: 'The new time was declined',
    paragraphs: [
      `The time you proposed, ${d.proposed}, was declined. The session of ${d.course} stays on ${d.when}.`,
    ],
    action: openSession(d),
  }),
  'session-no-show': (d) => ({
    subject: `No-show reported: ${d.course} on ${d.when}`,
    preview: `${sideName(d, d.by)} reported that you did not come.`,
    heading: 'A no-show was reported',
    paragraphs: [
      `${sideName(d, d.by)} reported that you did not come to the session of ${sessionLine(d)} Their note:`,
    ],
    quote: d.note,
    action: openSession(d),
    after: [
      'If that is not what happened, tell us through the contact page: our team reviews disputed reports.',
    ],
  }),
  'session-no-show-resolved': (d) => {
    // "you" for the recipient's own side, the name for the other.
    const who = (side: SessionSide) => (side === d.recipient ? 'you' : sideName(d, side));
    const reported: SessionSide = d.reportedBy === 'learner' ? 'shark' : 'learner';
    const absent = who(reported);
    const upheld = d.outcome === 'upheld';
    return {
      subject: `No-show reviewed: ${d.course} on ${d.when}`,
      preview: upheld
        ? `Our team upheld the no-show report: ${absent} did not come.`
        : 'Our team found that the session took place: it counts as completed.',
      heading: upheld ? 'The no-show report is upheld' : 'The session took place',
      paragraphs: [
        `The Shark Security team reviewed the no-show ${who(d.reportedBy)} reported for the session of ${sessionLine(d)}`,
        upheld
          ? `Outcome: upheld. ${absent === 'you' ? 'You' : absent} did not come, and the session stays recorded as a no-show.`
          : 'Outcome: the session took place. It is now recorded as completed, like any session that was held.',
        ...(!upheld && d.recipient === 'learner'
          ? [`You can review it on the session page for ${REVIEW_RULES.windowDays} days from today.`]
          : []),
        'The reason our team gave:',
      ],
      quote: d.reason,
      action: openSession(d),
      after: ['This ruling is final. If something is still wrong, tell us through the contact page.'],
    };
  },
  'session-reminder': (d) => ({
    subject: `Reminder: ${d.course} starts in ${hoursText(d.hoursBefore)}`,
    preview: `Your session starts on ${d.when}.`,
    heading: `Your session starts in ${hoursText(d.hoursBefore)}`,
    paragraphs: [
      `A reminder of the session of ${sessionLine(d)}`,
      d.meetingLink
        ? `Join it here: ${d.meetingLink}`
        : 'The meeting link will be on the session page as soon as the shark adds it.',
    ],
    action: openSession(d),
  }),
  'session-messages': (d) => ({
    subject:
      d.messages.length === 1
        ? `New message from ${d.from}: ${d.course}`
        : `${d.messages.length} new messages from ${d.from}: ${d.course}`,
    preview: d.messages[0]?.body.slice(0, 120) ?? '',
    heading:
      d.messages.length === 1 ? `${d.from} wrote to you` : `${d.messages.length} new messages from ${d.from}`,
    paragraphs: [`About the session of ${d.course} on ${d.when}:`],
    quote: d.messages.map((m) => `${m.at}\n${m.body}`).join('\n\n'),
    action: { label: 'Reply on the session page', url: d.link },
  }),
  'review-invitation': (d) => ({
    subject: `How was your session with ${d.sharkName}?`,
    preview: `Review "${d.courseTitle}" in two minutes: it helps other learners choose.`,
    heading: `How was your session with ${d.sharkName}?`,
    paragraphs: [
      `Your session "${d.courseTitle}" is complete. A short review (a rating, three quick scores and a few words) helps other learners choose, and only learners who completed a session can write one.`,
    ],
    action: { label: 'Write my review', url: d.link },
    after: [`You can write it for ${d.days} days after the session.`],
  }),
  'review-moderated': (d) =>
    d.hidden
      ? {
          subject: `Your review of ${d.sharkName} was hidden`,
          preview: 'Our team hid your review after a report.',
          heading: 'Your review was hidden',
          paragraphs: [
            `The Shark Security team hid your review of ${d.sharkName}: it no longer shows on the profile or counts in the rating. The reason we noted:`,
          ],
          quote: d.reason,
          after: ['If you think this is a mistake, contact us:'],
          action: { label: 'Contact Shark Security', url: d.link },
        }
      : {
          subject: `Your review of ${d.sharkName} is published again`,
          preview: 'Our team published your review again.',
          heading: 'Your review is published again',
          paragraphs: [
            `The Shark Security team published your review of ${d.sharkName} again. The reason we noted:`,
          ],
          quote: d.reason,
          action: { label: 'See the profile', url: d.link },
        },
  'first-review': (d) => ({
    subject: `${d.sharkName} has a first review`,
    preview: `You asked to be told when ${d.sharkName} is reviewed.`,
    heading: `${d.sharkName} has a first review`,
    paragraphs: [
      `You asked us to tell you when a learner reviews ${d.sharkName}. The first review, from a completed session, is published.`,
    ],
    action: { label: 'Read the review', url: d.link },
  }),
  'payment-received': (d) => ({
    subject: `Payment received: ${d.amountPaid} for ${d.course}`,
    preview: `${d.amountPaid} paid on ${d.paidOn}. Your ${MONEY_DOCUMENT_LABEL[d.document.kind].toLowerCase()} is attached.`,
    heading: 'Payment received',
    paragraphs: [
      `We received ${d.amountPaid} on ${d.paidOn} for ${d.course} with ${d.shark}, ${d.when} (${hoursText(d.hours)}).`,
      attachedDocument(MONEY_DOCUMENT_LABEL[d.document.kind], d.document.number),
    ],
    action: openSession(d),
    after: ['The session page shows the payment, and what comes back to you if the session does not happen.'],
  }),
  'refund-update': (d) => {
    const about = `${d.course} with ${d.shark}, ${d.when}`;
    const why = `Reason for the refund: ${REFUND_REASON_LABEL[d.reason]}.`;
    const creditNote = d.creditNoteNumber
      ? [attachedDocument(MONEY_DOCUMENT_LABEL.credit_note, d.creditNoteNumber)]
      : [];
    switch (d.status) {
      case 'pending':
        return {
          subject: `Refund started: ${d.amount} for ${d.course}`,
          preview: `${d.amount} is on its way back to your original payment method.`,
          heading: 'Your refund has started',
          paragraphs: [
            `On ${d.on} we started a refund of ${d.amount} for ${about}. ${why}`,
            'It goes back to the original payment method, usually within 5-7 working days. We will mail you when it is sent.',
            ...creditNote,
          ],
          action: openSession(d),
        };
      case 'processed':
        return {
          subject: `Refunded: ${d.amount} for ${d.course}`,
          preview: `${d.amount} was sent back to your original payment method.`,
          heading: 'Your refund was sent',
          paragraphs: [
            `On ${d.on} we sent ${d.amount} back to your original payment method for ${about}. ${why}`,
            'Your bank may take a few working days to show it on your statement.',
            ...creditNote,
          ],
          action: openSession(d),
        };
      case 'failed':
        return {
          subject: `Your refund of ${d.amount} did not go through`,
          preview: 'The payment provider could not return the money to your payment method.',
          heading: 'Your refund did not go through',
          paragraphs: [
            `On ${d.on} the payment provider could not send the refund of ${d.amount} for ${about} back to your original payment method. ${why}`,
            'We will look into it and write to you; you do not need to do anything now.',
            ...creditNote,
          ],
          action: openSession(d),
          after: ['If you have a question, write to us through the contact page.'],
        };
    }
  },
};

/** The sentence that points to a money document attached to the mail. */
const attachedDocument = (label: string, number: string) =>
  `Your ${label.toLowerCase()} ${number} is attached to this mail as a PDF; you can download it again from the session page at any time.`;

/** Subject and content of a mail, without rendering (cheap: the request computes the subject). */
export function mailContent<K extends MailTemplate>(template: K, data: MailData[K]): MailContent {
  return (CONTENT[template] as (d: MailData[K]) => MailContent)(data);
}

const colors = { ink: '#050b18', panel: '#ffffff', text: '#1e293b', muted: '#64748b', accent: '#0891b2' };

function Layout({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', margin: 0, fontFamily: 'Helvetica, Arial, sans-serif' }}>
        <Container style={{ maxWidth: '560px', width: '100%', margin: '0 auto', padding: '16px 0' }}>
          <Section
            style={{ backgroundColor: colors.ink, borderRadius: '12px 12px 0 0', padding: '20px 24px' }}
          >
            <Text style={{ color: '#ffffff', fontSize: '20px', fontWeight: 700, margin: 0 }}>
              Shark <span style={{ color: '#22d3ee' }}>Security</span>
            </Text>
          </Section>
          <Section style={{ backgroundColor: colors.panel, borderRadius: '0 0 12px 12px', padding: '24px' }}>
            <Heading
              as="h1"
              style={{ color: colors.ink, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}
            >
              {content.heading}
            </Heading>
            {content.paragraphs.map((p) => (
              <Text key={p} style={{ color: colors.text, fontSize: '16px', lineHeight: '24px' }}>
                {p}
              </Text>
            ))}
            {content.quote !== undefined && (
              <Text
                style={{
                  color: colors.text,
                  fontSize: '15px',
                  lineHeight: '22px',
                  whiteSpace: 'pre-wrap',
                  borderLeft: `4px solid ${colors.accent}`,
                  paddingLeft: '12px',
                }}
              >
                {content.quote}
              </Text>
            )}
            {content.after?.map((p) => (
              <Text key={p} style={{ color: colors.muted, fontSize: '14px', lineHeight: '22px' }}>
                {p}
              </Text>
            ))}
            {content.action && (
              <>
                <Section style={{ padding: '8px 0 16px' }}>
                  <Button
                    href={content.action.url}
                    style={{
                      backgroundColor: colors.accent,
                      color: '#ffffff',
                      borderRadius: '8px',
                      padding: '12px 20px',
                      fontSize: '16px',
                      fontWeight: 700,
                    }}
                  >
                    {content.action.label}
                  </Button>
                </Section>
                <Text
                  style={{
                    color: colors.muted,
                    fontSize: '13px',
                    lineHeight: '20px',
                    wordBreak: 'break-all',
                  }}
                >
                  Or open this address: <Link href={content.action.url}>{content.action.url}</Link>
                </Text>
              </>
            )}
            <Hr style={{ borderColor: '#e2e8f0' }} />
            <Text style={{ color: colors.muted, fontSize: '12px', lineHeight: '18px' }}>
              Shark Security · learn security from the people who practise it.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part: the same content, links written out in full. */
export function textPart(content: MailContent): string {
  const blocks = [content.heading, ...content.paragraphs];
  if (content.quote !== undefined)
    blocks.push(
      content.quote
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n'),
    );
  const action = content.action ? [`${content.action.label}:\n${content.action.url}`] : [];
  // The action sits where the HTML shows it: after the closing lines when they lead to it.
  const afterFirst = content.after?.some((a) => a.endsWith(':'));
  if (afterFirst) blocks.push(...(content.after ?? []), ...action);
  else blocks.push(...action, ...(content.after ?? []));
  blocks.push('-- \nShark Security');
  return blocks.join('\n\n') + '\n';
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  link: string | null;
}

export async function renderMail<K extends MailTemplate>(
  template: K,
  data: MailData[K],
): Promise<RenderedMail> {
  const content = mailContent(template, data);
  const html = await render(<Layout content={content} />);
  return { subject: content.subject, html, text: textPart(content), link: content.action?.url ?? null };
}

/** Sample data for every template: the dev mailbox previews them, and a test renders each. */
export function sampleData(origin: string): { [K in MailTemplate]: MailData[K] } {
  const token = 'sample-token-not-valid';
  const session: SessionMail = {
    course: 'Web Application Pentesting',
    shark: 'Arjun Mehta',
    learner: 'Asha Rao',
    when: 'Thu, 3 Dec 2026, 18:00 – 20:00 India Standard Time',
    hours: 2,
    price: '₹3,000',
    link: `${origin}${paths.sessions.detail('00000000-0000-4000-8000-000000000000')}`,
  };
  const milestone: MilestoneMail = {
    engagement: 'Pentest of our customer portal',
    milestone: 'Testing and report',
    client: 'Asha Menon',
    freelancer: 'Kabir Shah',
    link: `${origin}${paths.engagements.detail('00000000-0000-4000-8000-000000000000')}`,
  };
  // What sessionCalendar writes for the sample session (the preview shows the mail, not the file).
  const calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Shark Security//Sessions//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    'UID:session-00000000-0000-4000-8000-000000000000@localhost',
    'SEQUENCE:0',
    'DTSTAMP:20261130T090000Z',
    'DTSTART:20261203T123000Z',
    'DTEND:20261203T143000Z',
    'SUMMARY:Web Application Pentesting with Arjun Mehta',
    'STATUS:CONFIRMED',
    `URL:${session.link}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  return {
    'verify-email': { link: `${origin}${paths.verifyEmail}?token=${token}` },
    'account-exists': { link: `${origin}${paths.forgotPassword}` },
    'password-reset': { link: `${origin}${paths.updatePassword}?token=${token}`, hours: 1 },
    'set-password': {
      link: `${origin}${paths.updatePassword}?token=${token}`,
      hours: 72,
      role: 'shark',
      name: 'Nisha Rao',
    },
    'contact-ack': { link: origin },
    'contact-inbox': {
      name: 'Asha',
      email: 'asha@example.com',
      message: 'Do you offer team training?\nWe are ten people.',
      link: `${origin}/admin`,
    },
    'application-received': { link: origin },
    'application-admin-notice': {
      name: 'Ravi Kumar',
      email: 'ravi@example.com',
      specialization: 'cloud_security',
      link: `${origin}/admin`,
    },
    'password-changed': { link: `${origin}${paths.forgotPassword}` },
    'email-changed': { newEmail: 'new-address@example.com', link: `${origin}/contact` },
    'account-deleted': { link: `${origin}/contact` },
    'confirm-new-email': { link: `${origin}${paths.verifyEmail}?token=${token}` },
    'application-rejected': {
      name: 'Ravi Kumar',
      reason: 'We are not adding cloud security mentors this quarter.',
      link: origin,
    },
    'application-confirm-role': {
      name: 'Ravi Kumar',
      link: `${origin}${paths.confirmSharkRole}?token=${token}`,
      days: 7,
    },
    'shark-publication': {
      name: 'Nisha Rao',
      published: false,
      reason: 'Your bio links to a paid exam dump.',
      link: `${origin}${paths.shark.dashboard}`,
    },
    'account-suspended': { reason: 'Repeated no-shows reported by learners.', link: `${origin}/contact` },
    'suspension-lifted': { link: `${origin}${paths.login.chooser}` },
    'credential-reviewed': {
      credential: 'OSCP',
      verified: false,
      reason: 'The verification link shows another name.',
      link: `${origin}${paths.shark.credentials}`,
    },
    'payout-details-changed': {
      first: false,
      destination: 'bank account •••• 1234 at HDFC0001234',
      pan: '•••• 234F',
      link: `${origin}${paths.shark.payouts}`,
    },
    'payout-update': {
      status: 'paid',
      amount: '₹4,500',
      period: '2026-W48',
      destination: 'bank account •••• 1234 at HDFC0001234',
      reference: 'HDFCN52026112612345',
      reason: null,
      link: `${origin}${paths.shark.earnings}`,
    },
    'payout-details-missing': { amount: '₹4,500', link: `${origin}${paths.shark.payouts}` },
    'reconciliation-exceptions': {
      day: '22 Nov 2026',
      exceptions: [
        {
          label: 'Provider payment with no booking',
          summary:
            'The provider captured ₹1,500 as pay_SampleProvider01 (order order_SampleOrder001), and no paid booking records it.',
        },
        {
          label: 'Amount mismatch',
          summary:
            "The provider captured ₹1,000 as pay_SampleProvider02; the booking's payment records ₹3,000 and the ledger ₹3,000.",
        },
      ],
      link: `${origin}${paths.admin}?tab=finance&section=exceptions`,
    },
    'proposal-not-chosen': {
      requestTitle: 'Pentest of our customer portal',
      link: `${origin}${paths.freelancer.clientRequests}`,
    },
    'milestone-payment-received': {
      ...milestone,
      amountPaid: '₹60,000',
      paidOn: '30 Nov 2026',
      document: { kind: 'tax_invoice', number: 'INV/26-27/000002' },
    },
    'milestone-refund-update': {
      ...milestone,
      status: 'processed',
      amount: '₹60,000',
      on: '2 Dec 2026',
      creditNoteNumber: 'CN/26-27/000002',
    },
    'milestone-update': {
      ...milestone,
      change: 'changes_requested',
      note: 'Please add the retest evidence for finding 3.',
      share: null,
    },
    'calendar-open': { name: 'Arjun Mehta', link: `${origin}/sharks/00000000-0000-4000-8000-000000000000` },
    'calendar-source-failing': {
      calendar: 'calendar.google.com/…/basic.ics',
      since: 'Tue, 1 Dec 2026, 10:00 India Standard Time (Asia/Kolkata)',
      error: 'answered HTTP 404',
      link: `${origin}/shark/availability`,
    },
    'session-requested': {
      ...session,
      answerBy: 'Tue, 1 Dec 2026, 10:00 India Standard Time',
    },
    'session-request-receipt': {
      ...session,
      answerBy: 'Tue, 1 Dec 2026, 10:00 India Standard Time',
    },
    'session-confirmed': { ...session, meetingLink: 'https://meet.jit.si/shark-sample', calendar },
    'session-declined': { ...session, reason: 'I am travelling that week; please pick the week after.' },
    'session-expired': { ...session, recipient: 'learner' },
    'session-cancelled': {
      ...session,
      by: 'learner',
      reason: 'My exam moved to the same morning.',
      late: true,
      cancellationHours: 24,
    },
    'session-reschedule-proposed': {
      ...session,
      by: 'shark',
      proposed: 'Fri, 4 Dec 2026, 18:00 – 20:00 India Standard Time',
    },
    'session-rescheduled': { ...session, calendar },
    'session-reschedule-declined': {
      ...session,
      proposed: 'Fri, 4 Dec 2026, 18:00 – 20:00 India Standard Time',
    },
    'session-no-show': { ...session, by: 'shark', note: 'I waited in the meeting for 20 minutes.' },
    'session-no-show-resolved': {
      ...session,
      recipient: 'learner',
      reportedBy: 'shark',
      outcome: 'took_place',
      reason: 'The meeting log shows both of you in the call for 55 minutes.',
    },
    'session-reminder': { ...session, hoursBefore: 24, meetingLink: 'https://meet.jit.si/shark-sample' },
    'session-messages': {
      ...session,
      from: 'Asha Rao',
      messages: [
        { at: 'Mon, 30 Nov 2026, 09:12', body: 'Hi! I am stuck on the privilege escalation of the lab box.' },
        { at: 'Mon, 30 Nov 2026, 09:14', body: 'Here is my write-up so far: https://example.com/notes' },
      ],
    },
    'review-invitation': {
      sharkName: 'Arjun Mehta',
      courseTitle: 'Web Application Pentesting',
      days: 30,
      link: `${origin}${paths.user.review('00000000-0000-4000-8000-000000000000')}`,
    },
    'review-moderated': {
      sharkName: 'Arjun Mehta',
      hidden: true,
      reason: 'The review named a person who was not part of the session.',
      link: `${origin}${paths.contact}`,
    },
    'first-review': {
      sharkName: 'Arjun Mehta',
      link: `${origin}/sharks/00000000-0000-4000-8000-000000000000?tab=reviews`,
    },
    'payment-received': {
      ...session,
      amountPaid: '₹3,000',
      paidOn: '30 Nov 2026',
      document: { kind: 'tax_invoice', number: 'INV/26-27/000001' },
    },
    'refund-update': {
      ...session,
      status: 'processed',
      amount: '₹3,000',
      reason: 'shark_cancelled',
      on: '2 Dec 2026',
      creditNoteNumber: 'CN/26-27/000001',
    },
  };
}
