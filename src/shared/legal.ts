// The legal pages (/terms, /privacy, /cookies) in plain language: what we collect, why, for how long, a
// user's rights under India's Digital Personal Data Protection Act 2023, and who to contact (decision 013).
import { COMPANY } from './constants';

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
  /** A plain list after the paragraphs. */
  list?: readonly string[];
}

export interface LegalDocument {
  title: string;
  summary: string;
  updated: string;
  sections: readonly LegalSection[];
}

const UPDATED = '22 November 2026';

const CONTACT: LegalSection = {
  heading: 'Who to contact',
  paragraphs: [
    `Shark Security, ${COMPANY.location}. Write to ${COMPANY.email} or call ${COMPANY.phone}. This address is also our grievance officer's: we answer within 7 days and resolve a complaint within 30.`,
    'If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
  ],
};

export const PRIVACY: LegalDocument = {
  title: 'Privacy notice',
  summary:
    'What personal data Shark Security collects, why, how long we keep it, and the rights you have over it under the Digital Personal Data Protection Act, 2023.',
  updated: UPDATED,
  sections: [
    {
      heading: 'What we collect',
      paragraphs: ['Only what the service needs to work:'],
      list: [
        'Your account: name, email address, your role (learner, shark or freelancer) and a password, stored only as a one-way hash.',
        'Your profile: what you choose to add, such as a phone number, a bio or a profile photo.',
        'Your bookings: the course, the number of hours, your preferred date and time, and the name, email and phone you give for the session.',
        'The sharks you follow, and the messages you send us through the contact form.',
        'A sign-in cookie, and technical logs (time, address and path of each request) that keep the service secure.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To run your account, to put you in touch with the shark you book (they see your booking and contact details), to answer your messages, and to protect the service from abuse. We do not sell your data, show you advertising or build profiles for anyone else.',
        'We process your data because you gave your consent when you signed up or booked, and you may withdraw it at any time (see your rights below).',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [],
      list: [
        'Your account and profile: while your account is open, and deleted within 30 days after you close it.',
        'Bookings: for as long as your account is open, and afterwards only where the law requires us to keep a record (for example for tax), at most 8 years.',
        'Contact messages: 1 year.',
        'Technical logs: 90 days.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'The shark you book, for that booking only; the companies that host our servers and send our emails, under contract and only to provide those services; and authorities where Indian law requires it.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: ['Under the Digital Personal Data Protection Act, 2023, you have the right:'],
      list: [
        'to know what personal data we hold about you and how we use it;',
        'to have it corrected, completed or updated;',
        'to have it erased, and to withdraw your consent, as easily as you gave it;',
        'to have your complaints answered by us (our grievance officer, below);',
        'to nominate someone to exercise these rights for you if you die or cannot act yourself.',
      ],
    },
    CONTACT,
  ],
};

export const TERMS: LegalDocument = {
  title: 'Terms of use',
  summary:
    'The rules for using Shark Security: accounts, bookings with sharks, payments and refunds, and what we are responsible for.',
  // Paying through the site and its refunds replaced "payment is arranged with the shark".
  updated: '26 November 2026',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        `Shark Security (${COMPANY.location}) runs this site, which offers cybersecurity services and lists independent mentors we call sharks. By creating an account or booking a session you accept these terms.`,
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Give your real name and an email address you read, keep your password to yourself, and tell us at once if you think someone else used your account. You must be 18 or older, or have a parent or guardian who agrees to these terms for you.',
      ],
    },
    {
      heading: 'Booking a shark',
      paragraphs: [
        'A booking is a request for a session with a shark at the price per hour the course shows. You pay through this site when you send the request: the price per hour times the hours, with our platform fee already included, never added on top. The shark then confirms the time with you. Sharks are independent professionals and are responsible for the sessions they teach.',
        'If the shark declines your request or lets it expire, or cancels the session, you get the full amount back to the original payment method. If you cancel, the cancellation policy the course shows before you pay decides the refund: in full before its cancellation window; inside the window, the late-cancellation refund the course states (none or half); nothing if you do not show up for the session. Each payment has a receipt and each refund a credit note, which you can download from the session and from your bookings.',
      ],
    },
    {
      heading: 'Fair use',
      paragraphs: [
        'Use what you learn only on systems you own or are allowed to test. Do not misuse the site: no attacks on it, no scraping of other users, no false bookings, no harassment.',
      ],
    },
    {
      heading: 'Our responsibility',
      paragraphs: [
        'We work to keep the site available and correct, but we cannot promise it will never be interrupted. Nothing in these terms limits the rights you have as a consumer under Indian law.',
      ],
    },
    {
      heading: 'Changes and ending',
      paragraphs: [
        'We may change these terms and will tell you by email before a change that matters takes effect. You may close your account at any time; we may close an account that breaks these terms. These terms are governed by the laws of India, and the courts of Bengaluru have jurisdiction.',
      ],
    },
    CONTACT,
  ],
};

export const COOKIES: LegalDocument = {
  title: 'Cookie notice',
  summary: 'Shark Security uses one cookie, to keep you signed in, and no advertising or tracking cookies.',
  updated: UPDATED,
  sections: [
    {
      heading: 'The one cookie we set',
      paragraphs: [
        'When you log in we set a session cookie that keeps you signed in. It holds a random token, not your details; it is sent only to this site, only over HTTPS, and cannot be read by scripts. It ends when you log out, after 7 days without use, or after 30 days at most.',
        'Because this cookie is strictly necessary for the service you asked for, we do not ask for consent to it.',
      ],
    },
    {
      heading: 'What we do not use',
      paragraphs: [
        'No advertising cookies, no analytics or tracking cookies, and no third-party cookies. While you fill in a booking before logging in, your browser keeps that draft in its session storage so it is not lost; it is deleted once used or when you close the tab.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can delete or block cookies in your browser settings. Without the session cookie you can still browse, but you cannot log in.',
      ],
    },
    CONTACT,
  ],
};

export const LEGAL_MSG = {
  lastUpdated: (date: string) => `Last updated ${date}`,
  otherPages: 'Other legal pages',
} as const;
