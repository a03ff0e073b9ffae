// The texts of paying and refunding, for every screen and the API. No zod here: the booking
// panel on a shark's profile reads these, and a classic schema on its path loads the whole of classic zod
// (decision 199). The payment schemas are in payments.ts.

/** While a checkout is open its slot is held for this long; then the booking is released. */
export const SLOT_HOLD_MINUTES = 15;

/** Every text of paying and refunding that a user reads. */
export const PAYMENT_MSG = {
  testMode: 'TEST MODE: no money moves',
  hold: `Your slot is held for ${SLOT_HOLD_MINUTES} minutes while you pay.`,
  pay: 'Pay',
  failTest: 'Make the payment fail',
  closeTest: 'Close without paying',
  paid: 'Payment received. Your request has gone to the shark.',
  failed: 'The payment did not go through and no money was taken. You can try again.',
  abandoned: 'Checkout closed without paying. The slot is free again; you can book it again.',
  closed: 'This checkout has closed and its slot was released. Please pick a time again.',
  providerDown:
    'Payments are not answering right now. Nothing was charged and no slot is held; please try again in a few minutes.',
  badSignature: 'This payment could not be verified. Nothing was changed.',
  wrongOrder: 'This payment belongs to another checkout. Nothing was changed.',
  notYours: 'This checkout belongs to another account.',
  alreadyPaid: 'This booking is already paid.',
  freeCourse: 'This course is free: no payment is needed.',
  feeIncluded: (percent: number) =>
    `The price includes our ${percent}% platform fee; there is nothing to add at checkout.`,
  refundRequested: 'Refund started: it goes back to the original payment method in 5-7 working days.',
  policyTitle: 'If the session does not happen',
  refundRetried: 'The refund was sent again.',
  refundNotFailed: 'Only a failed refund can be sent again.',
} as const;

/** The one money formatter is money.ts's (decision 210); named here too for the payment modules that import it. */
export { formatPaise } from './money';
