// A payment's receipt or tax invoice and a refund's credit note as PDF (issue 23, decision 132): their numbering,
// GST's split by place of supply, and the A4 page. Pure: the payments service gathers the data and numbers it.
import { MONEY_DOCUMENT_LABEL } from '#shared/ledger.ts';
import {
  GST_STATE_CODES,
  MONEY_DOCUMENT_TEXT as T,
  PAYMENT_PROVIDER_LABEL,
} from '#shared/money-documents.ts';
import { PAYMENT_PROVIDERS, type PaymentProvider } from '#shared/payments.ts';
import { todayIn } from '#server/time.ts';
import {
  DOCUMENT_TIME_ZONE,
  INK,
  MARGIN,
  MUTED,
  ACCENT,
  RIGHT,
  WIDTH,
  BAND,
  TEXT,
  documentDate as dateOf,
  documentRupees as rupees,
  startPdf,
} from '#server/pdf.ts';

export interface MoneyDocumentData {
  kind: 'receipt' | 'tax_invoice' | 'credit_note';
  /** From documentNumber, e.g. "INV/26-27/000001". */
  number: string;
  /** ISO instant; printed as a date in Asia/Kolkata. */
  issuedAt: string;
  supplier: { name: string; address: string; state: string; gstin: string | null };
  recipient: { name: string; email: string; state: string | null };
  /** The state name, on tax invoices and their credit notes. */
  placeOfSupply: string | null;
  lines: Array<{ description: string; sac: string | null; amountPaise: number; taxable: boolean }>;
  taxableValuePaise: number;
  taxes: Array<{ name: 'CGST' | 'SGST' | 'IGST'; ratePercent: number; amountPaise: number }>;
  totalPaise: number;
  payment: { provider: string; paymentId: string | null; orderId: string; paidAt: string | null };
  /** Credit notes: the document they correct, and why (the refund reason's label). */
  refers?: { number: string; issuedAt: string; reason: string };
  notes: string[];
}

// ---- GST ------------------------------------------------------------------------------------------------

const sameState = (a: string, b: string) => {
  const norm = (s: string) => s.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');
  return norm(a) === norm(b);
};

/**
 * The taxes of a taxable value: CGST+SGST (each half the rate) in the supplier's state or when the recipient's
 * is unknown, IGST otherwise; amounts in paise, rounded half up, parts summing to the whole tax.
 */
export function gstSplit(
  taxPaise: number,
  ratePercent: number,
  supplierState: string,
  recipientState: string | null,
): MoneyDocumentData['taxes'] {
  if (!Number.isSafeInteger(taxPaise) || taxPaise < 0)
    throw new Error(`gstSplit: the tax must be whole paise, not ${taxPaise}`);
  // A learner is an unregistered consumer whose state is rarely on record: the place of supply is then the
  // supplier's own state (section 12(2)(b) of the IGST Act), so the tax is intra-state.
  if (recipientState === null || sameState(supplierState, recipientState)) {
    const cgst = Math.ceil(taxPaise / 2);
    return [
      { name: 'CGST', ratePercent: ratePercent / 2, amountPaise: cgst },
      { name: 'SGST', ratePercent: ratePercent / 2, amountPaise: taxPaise - cgst },
    ];
  }
  return [{ name: 'IGST', ratePercent, amountPaise: taxPaise }];
}

// ---- Numbering ------------------------------------------------------------------------------------------

/** "2026-27": the Indian financial year (April to March) of an instant, by its date in Asia/Kolkata. */
export function financialYear(at: Date): string {
  const [year, month] = todayIn(DOCUMENT_TIME_ZONE, at).split('-').map(Number);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const SERIES_CODE: Record<MoneyDocumentData['kind'], string> = {
  receipt: 'R',
  tax_invoice: 'INV',
  credit_note: 'CN',
};

/** Digits of a document's value: with "INV/26-27/" the longest number is 16 characters. */
const NUMBER_DIGITS = 6;

/**
 * The series a document is numbered in: one per kind and financial year, "INV/26-27/" (tax invoice), "R/26-27/"
 * (receipt), "CN/26-27/" (credit note). Rule 46(b) of the CGST Rules caps a serial number at 16 characters of
 * letters, digits, "-" and "/", unique within the financial year: the year is written short to fit.
 */
export function seriesOf(kind: MoneyDocumentData['kind'], at: Date): string {
  return `${SERIES_CODE[kind]}/${financialYear(at).slice(2)}/`;
}

/** A document's number: its series and the value taken from it, zero-padded ("INV/26-27/000001"). */
export function documentNumber(series: string, value: number): string {
  if (!Number.isSafeInteger(value) || value < 1 || value >= 10 ** NUMBER_DIGITS)
    throw new Error(`documentNumber: ${value} is not a value of a ${NUMBER_DIGITS}-digit series`);
  return `${series}${String(value).padStart(NUMBER_DIGITS, '0')}`;
}

/** The file a document is downloaded or attached as: "tax-invoice-INV-26-27-000001.pdf". */
export function documentFileName(kind: MoneyDocumentData['kind'], number: string): string {
  return `${kind.replace(/_/g, '-')}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

// ---- The page -------------------------------------------------------------------------------------------

/** "Karnataka (29)": a state with its GST code, as the documents print it. */
export const stateWithCode = (state: string) => {
  const code = Object.entries(GST_STATE_CODES).find(([name]) => sameState(name, state))?.[1];
  return code ? `${state} (${code})` : state;
};

const providerLabel = (provider: string) =>
  (PAYMENT_PROVIDERS as readonly string[]).includes(provider)
    ? PAYMENT_PROVIDER_LABEL[provider as PaymentProvider]
    : provider;

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Refuses a document that does not add up or that says what its kind may not: a wrong tax document cannot be
 * taken back once mailed, only corrected by another, so it must not be made.
 */
function checkDocument(d: MoneyDocumentData): void {
  const problems: string[] = [];
  const taxable = sum(d.lines.filter((l) => l.taxable).map((l) => l.amountPaise));
  if (taxable !== d.taxableValuePaise)
    problems.push(`taxable value ${d.taxableValuePaise} is not the sum of the taxable lines (${taxable})`);
  const total = sum(d.lines.map((l) => l.amountPaise)) + sum(d.taxes.map((t) => t.amountPaise));
  if (total !== d.totalPaise) problems.push(`total ${d.totalPaise} is not the lines and taxes (${total})`);
  if (
    [...d.lines.map((l) => l.amountPaise), ...d.taxes.map((t) => t.amountPaise)].some(
      (a) => !Number.isSafeInteger(a) || a < 0,
    )
  )
    problems.push('every amount must be whole, non-negative paise');
  if (d.lines.length === 0) problems.push('a document has at least one line');
  if (d.kind === 'tax_invoice' && !d.supplier.gstin) problems.push('a tax invoice needs the supplier GSTIN');
  if (!d.supplier.gstin && (d.taxes.length || taxable))
    problems.push('without a GSTIN a document carries no tax');
  if (d.supplier.gstin && !d.placeOfSupply) problems.push('a GST document names its place of supply');
  if (d.kind === 'credit_note' && !d.refers)
    problems.push('a credit note refers to the document it corrects');
  if (problems.length) throw new Error(`Money document ${d.number}: ${problems.join('; ')}`);
}

/** The PDF, A4, made with pdfkit: every field of Rule 46 (tax invoice) or Rule 53 (credit note) where due. */
export async function renderDocumentPdf(data: MoneyDocumentData): Promise<Buffer> {
  checkDocument(data);
  const label = MONEY_DOCUMENT_LABEL[data.kind];
  const { doc, write, rule, pair, finish } = startPdf({
    title: `${label} ${data.number}`,
    author: data.supplier.name,
    subject: `${label} ${data.number} for ${data.recipient.name}`,
    date: new Date(data.issuedAt),
  });
  const gstDocument = data.supplier.gstin !== null;

  // The supplier, left; what the document is, right.
  let left = write(data.supplier.name, MARGIN, MARGIN, { size: 15, bold: true, color: INK, width: 290 });
  left = write(data.supplier.address, MARGIN, left + 2, { width: 290, color: MUTED });
  left = write(`${T.state}: ${stateWithCode(data.supplier.state)}`, MARGIN, left + 1, {
    width: 290,
    color: MUTED,
  });
  if (data.supplier.gstin)
    left = write(`${T.gstin}: ${data.supplier.gstin}`, MARGIN, left + 1, { width: 290, bold: true });

  const boxX = MARGIN + 310;
  const boxW = RIGHT - boxX;
  let right = write(label.toUpperCase(), boxX, MARGIN, {
    size: 17,
    bold: true,
    color: ACCENT,
    width: boxW,
    align: 'right',
  });
  right = pair(T.number, data.number, boxX, right + 6, boxW);
  right = pair(T.date, dateOf(data.issuedAt), boxX, right + 2, boxW);

  let y = Math.max(left, right) + 14;
  rule(y, INK);
  y += 12;

  // Who it is for, and where the supply is.
  const colW = (WIDTH - 24) / 2;
  const colX = MARGIN + colW + 24;
  let a = write(T.billedTo.toUpperCase(), MARGIN, y, { size: 8, bold: true, color: MUTED });
  a = write(data.recipient.name, MARGIN, a + 2, { bold: true, width: colW });
  a = write(data.recipient.email, MARGIN, a + 1, { width: colW });
  if (data.recipient.state)
    a = write(`${T.state}: ${stateWithCode(data.recipient.state)}`, MARGIN, a + 1, { width: colW });

  let b = y;
  if (gstDocument) {
    b = write(T.supply.toUpperCase(), colX, b, { size: 8, bold: true, color: MUTED });
    b = pair(T.placeOfSupply, stateWithCode(data.placeOfSupply ?? ''), colX, b + 2, colW);
    b = pair(T.reverseCharge, T.no, colX, b + 1, colW);
  }
  if (data.refers) {
    // A credit note corrects the payment's own document: a tax invoice where there is a GSTIN, else a receipt.
    const original = MONEY_DOCUMENT_LABEL[gstDocument ? 'tax_invoice' : 'receipt'];
    const against = T.against(original, data.refers.number, dateOf(data.refers.issuedAt));
    b = write(against, colX, b + (gstDocument ? 6 : 0), { width: colW, bold: true });
    b = pair(T.reason, data.refers.reason, colX, b + 2, colW);
  }
  y = Math.max(a, b) + 16;

  // The lines.
  const showSac = data.lines.some((l) => l.sac !== null);
  const col = { n: MARGIN + 6, desc: MARGIN + 26, sac: RIGHT - 190, amount: RIGHT - 106 };
  const descW = (showSac ? col.sac : col.amount) - col.desc - 10;
  doc.rect(MARGIN, y, WIDTH, 20).fill(BAND);
  const head = y + 6;
  write(T.lineNumber, col.n, head, { size: 8, bold: true, color: MUTED });
  write(T.description, col.desc, head, { size: 8, bold: true, color: MUTED });
  if (showSac) write(T.sac, col.sac, head, { size: 8, bold: true, color: MUTED });
  write(T.amount, col.amount, head, { size: 8, bold: true, color: MUTED, width: 100, align: 'right' });
  y += 26;
  data.lines.forEach((line, i) => {
    const top = y;
    write(String(i + 1), col.n, top);
    const end = write(line.description, col.desc, top, { width: descW });
    if (showSac && line.sac) write(line.sac, col.sac, top);
    write(rupees(line.amountPaise), col.amount, top, { width: 100, align: 'right' });
    y = end + 6;
    rule(y - 3);
  });

  // The totals, right-aligned under the amounts.
  y += 6;
  const totalX = RIGHT - 260;
  const totalRow = (name: string, paise: number, strong = false) => {
    write(name, totalX, y, { width: 150, bold: strong, color: strong ? INK : TEXT, size: strong ? 11 : 9.5 });
    write(rupees(paise), totalX + 150, y, {
      width: 110,
      align: 'right',
      bold: strong,
      color: strong ? INK : TEXT,
      size: strong ? 11 : 9.5,
    });
    y = doc.y + 4;
  };
  if (gstDocument) {
    totalRow(T.taxableValue, data.taxableValuePaise);
    for (const tax of data.taxes) totalRow(T.tax(tax.name, tax.ratePercent), tax.amountPaise);
  }
  doc.moveTo(totalX, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(INK).stroke();
  y += 5;
  totalRow(T.total[data.kind], data.totalPaise, true);
  y += 14;

  // How it was paid (or where it goes back to).
  write(T.payment.toUpperCase(), MARGIN, y, { size: 8, bold: true, color: MUTED });
  const paidOn = data.payment.paidAt ? dateOf(data.payment.paidAt) : null;
  y = write(
    data.kind === 'credit_note'
      ? T.refundedTo(providerLabel(data.payment.provider))
      : T.paidThrough(providerLabel(data.payment.provider), paidOn),
    MARGIN,
    doc.y + 2,
    { width: WIDTH },
  );
  const ids = [
    ...(data.payment.paymentId ? [`${T.paymentId}: ${data.payment.paymentId}`] : []),
    `${T.orderId}: ${data.payment.orderId}`,
  ];
  y = write(ids.join('   ·   '), MARGIN, y + 1, { width: WIDTH, color: MUTED });

  // Notes, and the line that stands for a signature.
  y += 14;
  for (const note of [...data.notes, ...(gstDocument ? [] : [T.noGst]), T.computerGenerated])
    y = write(note, MARGIN, y, { width: WIDTH, size: 8.5, color: MUTED }) + 3;

  return finish();
}
