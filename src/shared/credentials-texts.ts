// What verified credentials say (decision 032). Free of zod: a public profile shows its verified credentials
// without loading the schemas (decision 091).

export const CREDENTIAL_MSG = {
  nameRequired: 'Name the certification or platform',
  nameTooLong: 'Keep the name under 120 characters',
  textTooLong: 'Keep it under 200 characters',
  urlRequired: 'Add the verification link',
  urlInvalid: 'Use a full https:// link',
  dateInvalid: 'Use a date like 2026-11-22',
  expiryBeforeIssue: 'The expiry date must be after the issue date',
  kindInvalid: 'Choose certification or platform profile',
  reasonRequired: 'Please give a reason for the rejection',
  reasonTooLong: 'Please keep the reason under 1000 characters',
  decisionRequired: 'Choose verified or rejected',
  added: 'Credential added: our team will verify it and tell you by mail.',
  removed: 'Credential removed.',
  verified: 'Credential verified: it now shows on the public profile and its owner was told.',
  rejected: 'Credential rejected: its owner was told the reason.',
  verifiedFreelancer: 'Credential verified: it now shows on the public profile and the freelancer was told.',
  rejectedFreelancer: 'Credential rejected: the freelancer was told the reason.',
  notFound: 'This credential does not exist.',
  statusInvalid: 'Unknown status',
  /** The public mark; the date is formatted by the page. */
  verifiedBy: 'Verified by Shark Security on',
  expired: 'Expired',
} as const;
