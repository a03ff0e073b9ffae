// The learner's money mails (issue 23): the payment with its receipt or tax invoice attached, and each change of a
// refund with its credit note. Files attached by the caller are kept in the delivery log and reach the SMTP server.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import { createTestApp, resetDb, testDatabase } from '#server/test/app.ts';
import { pdfText } from '#server/test/pdf.ts';
import { startSmtp, type Smtp } from '#server/test/smtp.ts';
import {
  documentFileName,
  gstSplit,
  renderDocumentPdf,
  type MoneyDocumentData,
} from '#server/modules/money/payments/documents.ts';
import { MONEY_DOCUMENT_TEXT, PLATFORM_SERVICE_SAC } from '#shared/money-documents.ts';
import { REFUND_REASON_LABEL } from '#shared/payments.ts';
import type { MailFile, MailRequest } from './service';
import { renderMail, sampleData, type MailData } from './templates';

const ORIGIN = 'http://localhost:3000';
const SESSION_LINK = `${ORIGIN}/sessions/00000000-0000-4000-8000-000000000001`;

const session = {
  course: 'Web Application Pentesting',
  shark: 'Arjun Mehta',
  learner: 'Asha Rao',
  when: 'Thu, 10 Dec 2026, 18:00 – 20:00 India Standard Time',
  hours: 2,
  price: '₹3,000',
  link: SESSION_LINK,
};

const invoice: MoneyDocumentData = {
  kind: 'tax_invoice',
  number: 'INV/26-27/000001',
  issuedAt: '2026-12-03T10:00:00.000Z',
  supplier: {
    name: 'Shark Security Private Limited',
    address: '12 Residency Road, Bengaluru 560025, Karnataka, India',
    state: 'Karnataka',
    gstin: '29ABCDE1234F1Z5',
  },
  recipient: { name: 'Asha Rao', email: 'asha@example.com', state: null },
  placeOfSupply: 'Karnataka',
  lines: [
    {
      description: MONEY_DOCUMENT_TEXT.platformFee(session.course),
      sac: PLATFORM_SERVICE_SAC,
      amountPaise: 25_424,
      taxable: true,
    },
    {
      description: MONEY_DOCUMENT_TEXT.onBehalfOf(session.shark),
      sac: null,
      amountPaise: 270_000,
      taxable: false,
    },
  ],
  taxableValuePaise: 25_424,
  taxes: gstSplit(4_576, 18, 'Karnataka', null),
  totalPaise: 300_000,
  payment: {
    provider: 'test',
    paymentId: 'pay_test_1',
    orderId: 'order_test_1',
    paidAt: '2026-12-03T10:00:00Z',
  },
  notes: [],
};

/** A document as the caller attaches it to a mail. */
const attachment = async (data: MoneyDocumentData): Promise<MailFile> => ({
  filename: documentFileName(data.kind, data.number),
  contentType: 'application/pdf',
  contentBase64: (await renderDocumentPdf(data)).toString('base64'),
});

const paymentMail = (attachments?: MailFile[]): MailRequest => ({
  to: 'asha@example.com',
  template: 'payment-received',
  data: {
    ...session,
    amountPaid: '₹3,000',
    paidOn: '3 Dec 2026',
    document: { kind: 'tax_invoice', number: invoice.number },
  },
  attachments,
});

const refund = (
  status: MailData['refund-update']['status'],
  creditNoteNumber: string | null = null,
): MailData['refund-update'] => ({
  ...session,
  status,
  amount: '₹1,500',
  reason: 'learner_late_cancelled',
  on: '5 Dec 2026',
  creditNoteNumber,
});

describe('the payment and refund templates', () => {
  it('payment-received: the amount, course, shark, time, document number and the session link', async () => {
    const mail = await renderMail('payment-received', paymentMail().data as MailData['payment-received']);
    expect(mail.subject).toBe('Payment received: ₹3,000 for Web Application Pentesting');
    expect(mail.text).toContain(
      'We received ₹3,000 on 3 Dec 2026 for Web Application Pentesting with Arjun Mehta, Thu, 10 Dec 2026, 18:00 – 20:00 India Standard Time (2 hours).',
    );
    expect(mail.text).toContain(
      'Your tax invoice INV/26-27/000001 is attached to this mail as a PDF; you can download it again from the session page at any time.',
    );
    expect(mail.text).toContain(`Open the session:\n${SESSION_LINK}`);
    expect(mail.link).toBe(SESSION_LINK);
    expect(mail.html).toContain(`href="${SESSION_LINK}"`);
    expect(mail.text).not.toContain('arranged with the shark');
  });

  it('payment-received names a receipt when the company has no GSTIN', async () => {
    const mail = await renderMail('payment-received', {
      ...(paymentMail().data as MailData['payment-received']),
      document: { kind: 'receipt', number: 'R/26-27/000009' },
    });
    expect(mail.text).toContain('Your receipt R/26-27/000009 is attached');
  });

  it.each([
    [
      'pending',
      'Refund started: ₹1,500 for Web Application Pentesting',
      'On 5 Dec 2026 we started a refund of ₹1,500',
    ],
    [
      'processed',
      'Refunded: ₹1,500 for Web Application Pentesting',
      'On 5 Dec 2026 we sent ₹1,500 back to your original payment method',
    ],
    [
      'failed',
      'Your refund of ₹1,500 did not go through',
      'On 5 Dec 2026 the payment provider could not send the refund of ₹1,500',
    ],
  ] as const)('refund-update %s: "%s", the amount, reason, date and link', async (status, subject, line) => {
    const mail = await renderMail('refund-update', refund(status));
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(line);
    expect(mail.text).toContain('Web Application Pentesting with Arjun Mehta, Thu, 10 Dec 2026');
    expect(mail.text).toContain(`Reason for the refund: ${REFUND_REASON_LABEL.learner_late_cancelled}.`);
    expect(mail.text).toContain(`Open the session:\n${SESSION_LINK}`);
    expect(mail.text).not.toContain('Credit note');
    expect(mail.text).not.toContain('credit note');
  });

  it('refund-update points to the credit note once there is one', async () => {
    const mail = await renderMail('refund-update', refund('processed', 'CN/26-27/000002'));
    expect(mail.text).toContain(
      'Your credit note CN/26-27/000002 is attached to this mail as a PDF; you can download it again from the session page at any time.',
    );
  });
});

describe('attachments in the delivery log', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  beforeEach(resetDb);

  it('the dev outbox lists each file by name, type and size, and the mailbox page shows it', async () => {
    const file = await attachment(invoice);
    await app.mailer.enqueue(app.db, paymentMail([file]));
    await app.mailer.enqueue(app.db, {
      to: 'asha@example.com',
      template: 'refund-update',
      data: refund('pending'),
    });
    const res = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=asha@example.com' });
    expect(res.statusCode).toBe(200);
    const [refundMail, paid] = res.json();
    expect(paid).toMatchObject({
      template: 'payment-received',
      subject: 'Payment received: ₹3,000 for Web Application Pentesting',
      attachments: [
        {
          filename: 'tax-invoice-INV-26-27-000001.pdf',
          contentType: 'application/pdf',
          size: Buffer.from(file.contentBase64, 'base64').length,
        },
      ],
    });
    expect(refundMail).toMatchObject({ template: 'refund-update', attachments: [] });

    const page = await app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toMatch(/Attached: tax-invoice-INV-26-27-000001\.pdf \(application\/pdf, \d+\.\d kB\)/);
    // The bytes stay in the log: the page does not print them.
    expect(page.body).not.toContain(file.contentBase64.slice(0, 40));
  });

  it('previews both templates in the dev mailbox', async () => {
    const paid = await app.inject({ method: 'GET', url: '/dev/mailbox/preview/payment-received?part=text' });
    expect(paid.body).toContain('Your tax invoice INV/26-27/000001 is attached');
    const refunded = await app.inject({ method: 'GET', url: '/dev/mailbox/preview/refund-update' });
    expect(refunded.body).toContain('Your refund was sent');
  });

  it('a session mail still lists its calendar file', async () => {
    await app.mailer.enqueue(app.db, {
      to: 'asha@example.com',
      template: 'session-confirmed',
      data: sampleData(ORIGIN)['session-confirmed'],
    });
    const [mail] = (await app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
    expect(mail.attachments).toEqual([
      {
        filename: 'session.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        size: expect.any(Number),
      },
    ]);
  });
});

describe('attachments over real SMTP', () => {
  let app: FastifyInstance | null = null;
  let smtp: Smtp | null = null;
  beforeEach(resetDb);
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
    app = null;
    smtp = null;
  });

  it('sends the payment mail with its tax invoice as a PDF, the same file on a retry', async () => {
    // The server refuses the first attempt: the retry must carry the file again, from the log.
    smtp = await startSmtp({ failFirst: 1 });
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_LIMIT: '2' });
    const file = await attachment(invoice);
    const id = await app.mailer.enqueue(app.db, paymentMail([file]));
    await app.jobs.runAll();

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.subject).toBe('Payment received: ₹3,000 for Web Application Pentesting');
    expect(mail.text).toContain('Your tax invoice INV/26-27/000001 is attached');
    expect(mail.attachments).toHaveLength(1);
    const [pdf] = mail.attachments;
    expect(pdf.filename).toBe('tax-invoice-INV-26-27-000001.pdf');
    expect(pdf.contentType).toBe('application/pdf');
    expect(pdf.content.equals(Buffer.from(file.contentBase64, 'base64'))).toBe(true);
    const text = (await pdfText(pdf.content)).replace(/\s+/g, ' ');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Number INV/26-27/000001');
    expect(text).toContain('Total ₹3,000.00');

    const { db } = await testDatabase();
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('sends a refund mail with its credit note, and one without a file when there is none yet', async () => {
    smtp = await startSmtp();
    app = await createTestApp({ SMTP_URL: smtp.url });
    await app.mailer.enqueue(app.db, {
      to: 'asha@example.com',
      template: 'refund-update',
      data: refund('pending'),
    });
    const creditNote: MoneyDocumentData = {
      ...invoice,
      kind: 'credit_note',
      number: 'CN/26-27/000002',
      issuedAt: '2026-12-05T10:00:00.000Z',
      refers: { number: invoice.number, issuedAt: invoice.issuedAt, reason: 'You cancelled late' },
    };
    await app.mailer.enqueue(app.db, {
      to: 'asha@example.com',
      template: 'refund-update',
      data: refund('processed', creditNote.number),
      attachments: [await attachment(creditNote)],
    });
    await app.jobs.runAll();

    const bySubject = new Map(smtp.received.map((m) => [m.subject, m]));
    expect(bySubject.get('Refund started: ₹1,500 for Web Application Pentesting')?.attachments).toEqual([]);
    const processed = bySubject.get('Refunded: ₹1,500 for Web Application Pentesting');
    expect(processed?.attachments.map((a) => a.filename)).toEqual(['credit-note-CN-26-27-000002.pdf']);
    const text = (await pdfText(processed!.attachments[0].content)).replace(/\s+/g, ' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Against tax invoice INV/26-27/000001 of 3 Dec 2026');
  });
});
