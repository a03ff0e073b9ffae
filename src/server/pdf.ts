// The company's PDF look, one place for every document it issues (payments' receipts, invoices and credit notes;
// a payee's statements and fee invoices): A4 with pdfkit, Inter embedded, the palette, and the few drawing
// helpers they share, so a shark's statement and a learner's receipt read as the same company's papers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPaise } from '#shared/money.ts';

/** GST documents are Indian: their dates and financial years are India's, whatever APP_TIMEZONE says. */
export const DOCUMENT_TIME_ZONE = 'Asia/Kolkata';

/** "3 Dec 2026": a document's dates, in India unless a zone is given (a payee's statement: theirs). */
export const documentDate = (iso: string | Date, timeZone = DOCUMENT_TIME_ZONE) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );

/** "₹1,500.00": a document shows paise always, as accounts do; "−₹1,500.00" below zero (a true minus sign). */
export const documentRupees = (paise: number) => formatPaise(paise, { exact: true }).replace('-', '−');

const fontRequire = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | null = null;
/**
 * Inter, the web app's typeface, embedded from its npm package: it has the rupee sign, which the PDF's built-in
 * Helvetica lacks, and nothing is read from the system's fonts. Read once, then kept.
 */
function loadFonts() {
  fonts ??= {
    regular: readFileSync(fontRequire.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    bold: readFileSync(fontRequire.resolve('@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf')),
  };
  return fonts;
}

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const RIGHT = A4.width - MARGIN;
export const WIDTH = RIGHT - MARGIN;
export const BOTTOM = A4.height - MARGIN;
export const INK = '#050b18';
export const TEXT = '#1e293b';
export const MUTED = '#64748b';
export const ACCENT = '#0891b2';
export const RULE = '#cbd5e1';
export const BAND = '#f1f5f9';

export interface WriteOptions {
  width?: number;
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right';
}

export type Pdf = ReturnType<typeof startPdf>;

/**
 * A new A4 document in the house style, with its helpers: `write` (text at a point, returns the y below it),
 * `rule` (a full-width line), `pair` (a muted label and its value) and `finish` (the bytes).
 */
export function startPdf(info: { title: string; author: string; subject: string; date: Date }) {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Inter from the start, so pdfkit never loads its Helvetica (its types name a path; it takes the bytes too).
    font: regular as unknown as string,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const write = (text: string, x: number, y: number, opts: WriteOptions = {}) => {
    doc
      .font(opts.bold ? 'bold' : 'regular')
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? TEXT)
      .text(text, x, y, { width: opts.width, align: opts.align ?? 'left', lineGap: 1.5 });
    return doc.y;
  };
  const rule = (y: number, color = RULE, from = MARGIN, to = RIGHT) =>
    doc.moveTo(from, y).lineTo(to, y).lineWidth(0.75).strokeColor(color).stroke();
  /** A "label: value" pair, the label muted; returns the y below it. */
  const pair = (name: string, value: string, x: number, y: number, width: number, labelWidth = 92) => {
    write(name, x, y, { width: labelWidth, color: MUTED });
    return Math.max(doc.y, write(value, x + labelWidth + 4, y, { width: width - labelWidth - 4 }));
  };
  const finish = () => {
    doc.end();
    return done;
  };
  return { doc, write, rule, pair, finish };
}
