// The two monthly PDFs of a payee (issue 24, decisions 143-144): the statement (balances and every ledger
// transaction of the month) and the company's fee invoice, in the look of the payments' documents (#server/pdf.ts).
// Pure: the service reads the ledger, gathers and freezes the data.
import { MONEY_DOCUMENT_TEXT as M } from '#shared/money-documents.ts';
import { monthLabel, STATEMENT_TEXT as T } from '#shared/statements.ts';
import {
  ACCENT,
  BAND,
  BOTTOM,
  INK,
  MARGIN,
  MUTED,
  RIGHT,
  WIDTH,
  documentDate,
  documentRupees as rupees,
  startPdf,
  type Pdf,
} from '#server/pdf.ts';

export interface Company {
  name: string;
  address: string;
  /** The state, with its GST code where known ("Karnataka (29)"). */
  state: string;
  gstin: string | null;
}

export interface StatementData {
  month: string;
  timeZone: string;
  issuedAt: string;
  company: Company;
  payee: { name: string; email: string };
  /** What the payee was owed: pending, available and its payouts on their way (decision 208). */
  opening: { pendingPaise: number; availablePaise: number; onTheWayPaise: number };
  closing: { pendingPaise: number; availablePaise: number; onTheWayPaise: number };
  summary: {
    sessionsPaid: number;
    grossPaise: number;
    feePaise: number;
    feeTaxPaise: number;
    sharePaise: number;
    refunds: number;
    refundedPaise: number;
    paidOutPaise: number;
    /** Reversals posted in the month (decision 208), and what they changed of what the payee is owed. */
    corrections: number;
    correctedPaise: number;
    otherPaise: number;
  };
  lines: Array<{
    at: string;
    label: string;
    detail: string | null;
    pendingPaise: number;
    availablePaise: number;
    onTheWayPaise: number;
  }>;
}

export interface FeeInvoiceData {
  number: string;
  month: string;
  timeZone: string;
  issuedAt: string;
  supplier: Company;
  recipient: { name: string; email: string };
  placeOfSupply: string | null;
  /** Fees charged, and fees given back with refunds (negative). */
  lines: Array<{ description: string; sac: string | null; amountPaise: number }>;
  taxableValuePaise: number;
  taxes: Array<{ name: 'CGST' | 'SGST' | 'IGST'; ratePercent: number; amountPaise: number }>;
  totalPaise: number;
}

/** "+₹2,646.00", "−₹300.00", or a dash for nothing: a statement's changes. */
const change = (paise: number) => (paise === 0 ? '—' : paise > 0 ? `+${rupees(paise)}` : rupees(paise));

/** The company left, the document's kind and its facts right; returns the y below both. */
function header(pdf: Pdf, company: Company, title: string, facts: Array<[string, string]>) {
  const { write, pair } = pdf;
  let left = write(company.name, MARGIN, MARGIN, { size: 15, bold: true, color: INK, width: 290 });
  left = write(company.address, MARGIN, left + 2, { width: 290, color: MUTED });
  left = write(`${M.state}: ${company.state}`, MARGIN, left + 1, { width: 290, color: MUTED });
  if (company.gstin)
    left = write(`${M.gstin}: ${company.gstin}`, MARGIN, left + 1, { width: 290, bold: true });
  const boxX = MARGIN + 300;
  const boxW = RIGHT - boxX;
  let right = write(title.toUpperCase(), boxX, MARGIN, {
    size: 17,
    bold: true,
    color: ACCENT,
    width: boxW,
    align: 'right',
  });
  right += 4;
  for (const [name, value] of facts) right = pair(name, value, boxX, right + 2, boxW, 80);
  const y = Math.max(left, right) + 14;
  pdf.rule(y, INK);
  return y + 12;
}

/** A heading in small muted capitals. */
const heading = (pdf: Pdf, text: string, x: number, y: number) =>
  pdf.write(text.toUpperCase(), x, y, { size: 8, bold: true, color: MUTED });

/** The statement: the month's opening balance, its summary, every ledger transaction, the closing balance. */
export async function renderStatementPdf(d: StatementData): Promise<Buffer> {
  const label = monthLabel(d.month);
  const pdf = startPdf({
    title: `${T.statementTitle} ${label}`,
    author: d.company.name,
    subject: T.statementSubject(d.month, d.payee.name),
    date: new Date(d.issuedAt),
  });
  const { doc, write, rule } = pdf;
  let y = header(pdf, d.company, T.statementTitle, [
    [T.period, label],
    [T.timeZone, d.timeZone],
    [T.issued, documentDate(d.issuedAt, d.timeZone)],
  ]);

  // The payee, left; the balances at the start and end of the month, right.
  // The payee in a narrower column than the fee invoice's: the balances on the right have three figures.
  const colW = 180;
  const colX = MARGIN + colW + 20;
  let a = heading(pdf, T.payee, MARGIN, y);
  a = write(d.payee.name, MARGIN, a + 2, { bold: true, width: colW });
  a = write(d.payee.email, MARGIN, a + 1, { width: colW });

  // The balances' three columns: pending, available and on its way, right-aligned to the page's edge.
  const cell = { pending: RIGHT - 3 * 64, available: RIGHT - 2 * 64, onTheWay: RIGHT - 64, w: 62 };
  const nameW = cell.pending - colX;
  let b = heading(pdf, label, colX, y);
  const small = { size: 8, bold: true, color: MUTED, width: cell.w, align: 'right' } as const;
  write(T.pending, cell.pending, y, small);
  write(T.available, cell.available, y, small);
  write(T.onTheWay, cell.onTheWay, y, small);
  const balanceRow = (name: string, v: StatementData['opening'], top: number, strong = false) => {
    write(name, colX, top, { bold: strong, width: nameW });
    const bottom = doc.y;
    const figure = { bold: strong, width: cell.w, align: 'right' } as const;
    write(rupees(v.pendingPaise), cell.pending, top, figure);
    write(rupees(v.availablePaise), cell.available, top, figure);
    write(rupees(v.onTheWayPaise), cell.onTheWay, top, figure);
    return Math.max(bottom, doc.y);
  };
  b = balanceRow(T.openingBalance, d.opening, b + 4);
  rule(b + 2, undefined, colX, RIGHT);
  b = balanceRow(T.closingBalance, d.closing, b + 6, true);
  y = Math.max(a, b) + 18;

  // The summary: what the month's sessions earned, what went back, what was paid out.
  heading(pdf, T.summary, MARGIN, y);
  y += 14;
  const s = d.summary;
  const sumX = MARGIN;
  const sumW = 300;
  const summaryRow = (name: string, paise: number, opts: { strong?: boolean; muted?: boolean } = {}) => {
    const color = opts.muted ? MUTED : opts.strong ? INK : undefined;
    write(name, sumX, y, { width: sumW - 110, bold: opts.strong, color });
    write(opts.strong ? rupees(paise) : change(paise), sumX + sumW - 110, y, {
      width: 110,
      align: 'right',
      bold: opts.strong,
      color,
    });
    y = doc.y + 3;
  };
  summaryRow(T.sessionsPaid(s.sessionsPaid), s.grossPaise);
  summaryRow(T.platformFees, -s.feePaise);
  if (s.feeTaxPaise !== 0 || d.company.gstin) summaryRow(T.taxOnFees, -s.feeTaxPaise);
  rule(y, INK, sumX, sumX + sumW);
  y += 4;
  summaryRow(T.yourShare, s.sharePaise, { strong: true });
  y += 4;
  summaryRow(T.refunds(s.refunds), -s.refundedPaise);
  summaryRow(T.paidOut, -s.paidOutPaise);
  if (s.corrections !== 0) summaryRow(T.corrections(s.corrections), s.correctedPaise);
  if (s.otherPaise !== 0) summaryRow(T.otherChanges, s.otherPaise);
  y += 16;

  // Every transaction of the month, between the opening and closing balances.
  heading(pdf, T.transactions, MARGIN, y);
  y += 14;
  const col = {
    date: MARGIN + 6,
    desc: MARGIN + 76,
    pending: RIGHT - 228,
    available: RIGHT - 154,
    onTheWay: RIGHT - 80,
    w: 74,
  };
  const descW = col.pending - col.desc - 8;
  const tableHead = () => {
    doc.rect(MARGIN, y, WIDTH, 20).fill(BAND);
    const top = y + 6;
    const head = { size: 8, bold: true, color: MUTED, width: col.w, align: 'right' } as const;
    write(T.date, col.date, top, { size: 8, bold: true, color: MUTED });
    write(T.description, col.desc, top, { size: 8, bold: true, color: MUTED });
    write(T.pending, col.pending, top, head);
    write(T.available, col.available, top, head);
    write(T.onTheWay, col.onTheWay, top, head);
    y += 26;
  };
  /** A new page when what comes next (`height`) would not fit; inside the table, its head drawn again. */
  const room = (height: number, inTable = true) => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
    if (inTable) tableHead();
  };
  tableHead();
  const row = (
    date: string,
    text: string,
    detail: string | null,
    figures: [pending: string, available: string, onTheWay: string],
    strong = false,
  ) => {
    room(detail ? 30 : 18);
    const top = y;
    write(date, col.date, top, { color: strong ? INK : undefined });
    let end = write(text, col.desc, top, { width: descW, bold: strong, color: strong ? INK : undefined });
    if (detail) end = write(detail, col.desc, end, { width: descW, size: 8, color: MUTED });
    const figure = { width: col.w, align: 'right', bold: strong } as const;
    write(figures[0], col.pending, top, figure);
    write(figures[1], col.available, top, figure);
    write(figures[2], col.onTheWay, top, figure);
    y = end + 6;
    rule(y - 3);
  };
  const balance = (v: StatementData['opening']) =>
    [rupees(v.pendingPaise), rupees(v.availablePaise), rupees(v.onTheWayPaise)] as [string, string, string];
  const [year, month] = d.month.split('-').map(Number);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = (n: number) => `${n} ${label.split(' ')[0].slice(0, 3)} ${year}`;
  row(day(1), T.openingBalance, null, balance(d.opening), true);
  if (d.lines.length === 0) row('', T.noTransactions, null, ['', '', '']);
  for (const l of d.lines)
    row(documentDate(l.at, d.timeZone), l.label, l.detail, [
      change(l.pendingPaise),
      change(l.availablePaise),
      change(l.onTheWayPaise),
    ]);
  row(day(lastDay), T.closingBalance, null, balance(d.closing), true);

  y += 12;
  room(50, false);
  for (const note of [T.balanceNote, T.fromLedger, M.computerGenerated])
    y = write(note, MARGIN, y, { width: WIDTH, size: 8.5, color: MUTED }) + 3;
  return pdf.finish();
}

/** The company's fee invoice to a payee for a month: its fees, net of those given back, and the GST on them. */
export async function renderFeeInvoicePdf(d: FeeInvoiceData): Promise<Buffer> {
  const pdf = startPdf({
    title: `${T.feeInvoiceTitle} ${d.number}`,
    author: d.supplier.name,
    subject: T.feeInvoiceSubject(d.number, d.recipient.name),
    date: new Date(d.issuedAt),
  });
  const { doc, write, rule, pair } = pdf;
  const gst = d.supplier.gstin !== null;
  let y = header(pdf, d.supplier, T.feeInvoiceTitle, [
    [M.number, d.number],
    [M.date, documentDate(d.issuedAt)],
    [T.feePeriod, monthLabel(d.month)],
  ]);

  const colW = (WIDTH - 24) / 2;
  const colX = MARGIN + colW + 24;
  let a = heading(pdf, M.billedTo, MARGIN, y);
  a = write(d.recipient.name, MARGIN, a + 2, { bold: true, width: colW });
  a = write(d.recipient.email, MARGIN, a + 1, { width: colW });
  let b = y;
  if (gst) {
    b = heading(pdf, M.supply, colX, b);
    b = pair(M.placeOfSupply, d.placeOfSupply ?? '', colX, b + 2, colW);
    b = pair(M.reverseCharge, M.no, colX, b + 1, colW);
  }
  y = Math.max(a, b) + 16;

  const showSac = d.lines.some((l) => l.sac !== null);
  const col = { n: MARGIN + 6, desc: MARGIN + 26, sac: RIGHT - 190, amount: RIGHT - 106 };
  const descW = (showSac ? col.sac : col.amount) - col.desc - 10;
  doc.rect(MARGIN, y, WIDTH, 20).fill(BAND);
  const head = y + 6;
  write(M.lineNumber, col.n, head, { size: 8, bold: true, color: MUTED });
  write(M.description, col.desc, head, { size: 8, bold: true, color: MUTED });
  if (showSac) write(M.sac, col.sac, head, { size: 8, bold: true, color: MUTED });
  write(M.amount, col.amount, head, { size: 8, bold: true, color: MUTED, width: 100, align: 'right' });
  y += 26;
  d.lines.forEach((line, i) => {
    const top = y;
    write(String(i + 1), col.n, top);
    const end = write(line.description, col.desc, top, { width: descW });
    if (showSac && line.sac) write(line.sac, col.sac, top);
    write(rupees(line.amountPaise), col.amount, top, { width: 100, align: 'right' });
    y = end + 6;
    rule(y - 3);
  });

  y += 6;
  const totalX = RIGHT - 260;
  const totalRow = (name: string, paise: number, strong = false) => {
    const opts = { bold: strong, color: strong ? INK : undefined, size: strong ? 11 : 9.5 };
    write(name, totalX, y, { width: 150, ...opts });
    write(rupees(paise), totalX + 150, y, { width: 110, align: 'right', ...opts });
    y = doc.y + 4;
  };
  if (gst) {
    totalRow(M.taxableValue, d.taxableValuePaise);
    for (const tax of d.taxes) totalRow(M.tax(tax.name, tax.ratePercent), tax.amountPaise);
  }
  doc.moveTo(totalX, y).lineTo(RIGHT, y).lineWidth(0.75).strokeColor(INK).stroke();
  y += 5;
  totalRow(M.total.tax_invoice, d.totalPaise, true);
  y += 14;

  heading(pdf, T.settlement, MARGIN, y);
  y = write(T.settled, MARGIN, doc.y + 2, { width: WIDTH }) + 14;
  for (const note of [...(gst ? [T.gstAlreadyInvoiced] : [M.noGst]), M.computerGenerated])
    y = write(note, MARGIN, y, { width: WIDTH, size: 8.5, color: MUTED }) + 3;
  return pdf.finish();
}
