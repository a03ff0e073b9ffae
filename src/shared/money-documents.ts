// The words of a payment's receipt or tax invoice and of a refund's credit note (issue 23, decision 132): the
// PDF's labels, the two lines of a payment and the GST state codes the documents print.
import type { MoneyDocumentKind } from './ledger';
import type { PaymentProvider } from './payments';

/** SAC of the platform's service: "other support services n.e.c." (heading 9985), as the tax invoice prints it. */
export const PLATFORM_SERVICE_SAC = '998599';

/** Every text a payment document prints. */
export const MONEY_DOCUMENT_TEXT = {
  number: 'Number',
  date: 'Date',
  gstin: 'GSTIN',
  state: 'State',
  billedTo: 'Billed to',
  supply: 'Supply',
  payment: 'Payment',
  placeOfSupply: 'Place of supply',
  reverseCharge: 'Reverse charge',
  no: 'No',
  lineNumber: '#',
  description: 'Description',
  sac: 'SAC',
  amount: 'Amount',
  taxableValue: 'Taxable value',
  /** "CGST @ 9%". */
  tax: (name: string, ratePercent: number) => `${name} @ ${ratePercent}%`,
  total: {
    receipt: 'Total paid',
    tax_invoice: 'Total',
    credit_note: 'Total credited',
  } satisfies Record<MoneyDocumentKind, string>,
  /** A credit note's reference to what it corrects (Rule 53: the original invoice's number and date). */
  against: (label: string, number: string, date: string) =>
    `Against ${label.toLowerCase()} ${number} of ${date}`,
  reason: 'Reason',
  /** "Paid on 3 Dec 2026 through Razorpay.". */
  paidThrough: (provider: string, date: string | null) =>
    date ? `Paid on ${date} through ${provider}.` : `Paid through ${provider}.`,
  refundedTo: (provider: string) => `Refunded to the original payment method, through ${provider}.`,
  paymentId: 'Payment',
  orderId: 'Order',
  /** A receipt's reason for carrying no tax lines. */
  noGst: 'No GST is charged: the supplier is not registered under GST.',
  /** Rule 46(q)'s proviso: an electronic document needs no signature. */
  computerGenerated: 'This is a computer-generated document; it needs no signature.',
  /** The first line of a payment: the platform's own service, the only supply taxed. */
  platformFee: (course: string) => `Platform fee: online booking of "${course}"`,
  /** The first line of a milestone's payment (decision 176): the platform's service to the engagement. */
  platformFeeMilestone: (milestone: string) => `Platform fee: escrow of the milestone "${milestone}"`,
  /** The second: the shark's share, which the platform collects as a pure agent (Rule 33). */
  onBehalfOf: (shark: string) => `Collected on behalf of ${shark} (pure agent; not a supply by us)`,
} as const;

export const PAYMENT_PROVIDER_LABEL: Record<PaymentProvider, string> = {
  razorpay: 'Razorpay',
  test: 'the test gateway (test mode: no money moved)',
};

/** The GST state codes (the first two digits of a GSTIN), printed beside a state's name. */
export const GST_STATE_CODES: Record<string, string> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};
