// A payment's documents as their reader sees them: the text of the rendered PDF, and the numbering and GST
// rules that decide what it says.
import { describe, expect, it } from 'vitest';
import { MONEY_DOCUMENT_TEXT, PLATFORM_SERVICE_SAC } from '#shared/money-documents.ts';
import { pdfInfo, pdfText } from '#server/test/pdf.ts';
import {
  documentFileName,
  documentNumber,
  financialYear,
  gstSplit,
  renderDocumentPdf,
  seriesOf,
  type MoneyDocumentData,
} from './documents';

const SUPPLIER = {
  name: 'Shark Security Private Limited',
  address: '12 Residency Road, Bengaluru 560025, Karnataka, India',
  state: 'Karnataka',
  gstin: '29ABCDE1234F1Z5',
};

/**
 * A ₹3,000 session: a ₹300 fee of which ₹254.24 is the taxable value and ₹45.76 the GST at 18%, and ₹2,700
 * collected for the shark. Issued 4 Dec 2026 01:30 in India, which is still 3 Dec in UTC.
 */
function taxInvoice(recipientState: string | null = null): MoneyDocumentData {
  const placeOfSupply = recipientState ?? SUPPLIER.state;
  return {
    kind: 'tax_invoice',
    number: 'INV/26-27/000042',
    issuedAt: '2026-12-03T20:00:00.000Z',
    supplier: SUPPLIER,
    recipient: { name: 'Asha Rao', email: 'asha@example.com', state: recipientState },
    placeOfSupply,
    lines: [
      {
        description: MONEY_DOCUMENT_TEXT.platformFee('Web Application Pentesting'),
        sac: PLATFORM_SERVICE_SAC,
        amountPaise: 25_424,
        taxable: true,
      },
      {
        description: MONEY_DOCUMENT_TEXT.onBehalfOf('Arjun Mehta'),
        sac: null,
        amountPaise: 270_000,
        taxable: false,
      },
    ],
    taxableValuePaise: 25_424,
    taxes: gstSplit(4_576, 18, SUPPLIER.state, recipientState),
    totalPaise: 300_000,
    payment: {
      provider: 'razorpay',
      paymentId: 'pay_29QQoUBi66xm2f',
      orderId: 'order_9A33XWu170gUtm',
      paidAt: '2026-12-03T19:59:00.000Z',
    },
    notes: ['Session: Web Application Pentesting with Arjun Mehta on 10 Dec 2026 (2 hours).'],
  };
}

function receipt(): MoneyDocumentData {
  return {
    ...taxInvoice(),
    kind: 'receipt',
    number: 'R/26-27/000007',
    supplier: { ...SUPPLIER, gstin: null },
    placeOfSupply: null,
    lines: [
      {
        description: MONEY_DOCUMENT_TEXT.platformFee('Web Application Pentesting'),
        sac: null,
        amountPaise: 30_000,
        taxable: false,
      },
      {
        description: MONEY_DOCUMENT_TEXT.onBehalfOf('Arjun Mehta'),
        sac: null,
        amountPaise: 270_000,
        taxable: false,
      },
    ],
    taxableValuePaise: 0,
    taxes: [],
    payment: {
      provider: 'test',
      paymentId: 'pay_test_1',
      orderId: 'order_test_1',
      paidAt: '2026-12-03T19:59:00Z',
    },
  };
}

/** The PDF's words on one line each run of spaces, so a wrapped phrase still reads as one. */
const textOf = async (data: MoneyDocumentData) => {
  const pdf = await renderDocumentPdf(data);
  return (await pdfText(pdf)).replace(/\s+/g, ' ');
};

describe('gstSplit', () => {
  it.each([
    // tax, rate, supplier's state, recipient's state -> the tax lines
    [
      4_576,
      18,
      'Karnataka',
      null,
      [
        ['CGST', 9, 2_288],
        ['SGST', 9, 2_288],
      ],
    ],
    [
      1_801,
      18,
      'Karnataka',
      null,
      [
        ['CGST', 9, 901],
        ['SGST', 9, 900],
      ],
    ],
    [
      1,
      18,
      'Karnataka',
      'Karnataka',
      [
        ['CGST', 9, 1],
        ['SGST', 9, 0],
      ],
    ],
    [
      0,
      18,
      'Karnataka',
      null,
      [
        ['CGST', 9, 0],
        ['SGST', 9, 0],
      ],
    ],
    [
      1_801,
      18,
      'Karnataka',
      ' karnataka ',
      [
        ['CGST', 9, 901],
        ['SGST', 9, 900],
      ],
    ],
    [
      999,
      5,
      'Jammu & Kashmir',
      'Jammu and Kashmir',
      [
        ['CGST', 2.5, 500],
        ['SGST', 2.5, 499],
      ],
    ],
    [1_801, 18, 'Karnataka', 'Maharashtra', [['IGST', 18, 1_801]]],
    [4_577, 18, 'Karnataka', 'Tamil Nadu', [['IGST', 18, 4_577]]],
  ] as const)('%i paise at %i%% from %s to %s', (tax, rate, from, to, expected) => {
    const lines = gstSplit(tax, rate, from, to);
    expect(lines.map((l) => [l.name, l.ratePercent, l.amountPaise])).toEqual(expected);
    expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(tax);
  });

  it('refuses a tax that is not whole paise', () => {
    expect(() => gstSplit(10.5, 18, 'Karnataka', null)).toThrow(/whole paise/);
    expect(() => gstSplit(-1, 18, 'Karnataka', null)).toThrow(/whole paise/);
  });
});

describe('numbering', () => {
  it.each([
    // an instant -> its financial year (April to March, by the date in India)
    ['2027-03-31T18:29:59.999Z', '2026-27'], // 31 Mar 2027, 23:59:59 IST
    ['2027-03-31T18:30:00.000Z', '2027-28'], // 1 Apr 2027, 00:00 IST (still 31 Mar in UTC)
    ['2026-04-01T00:00:00+05:30', '2026-27'],
    ['2026-12-31T23:59:59+05:30', '2026-27'],
    ['2027-01-01T00:00:00+05:30', '2026-27'],
    ['2099-06-15T12:00:00+05:30', '2099-00'],
  ])('%s is in financial year %s', (at, fy) => {
    expect(financialYear(new Date(at))).toBe(fy);
  });

  it.each([
    ['receipt', '2027-03-31T23:59:00+05:30', 'R/26-27/'],
    ['receipt', '2027-04-01T00:00:00+05:30', 'R/27-28/'],
    ['tax_invoice', '2026-12-03T10:00:00+05:30', 'INV/26-27/'],
    ['credit_note', '2026-12-03T10:00:00+05:30', 'CN/26-27/'],
  ] as const)('a %s issued at %s is in series %s', (kind, at, series) => {
    expect(seriesOf(kind, new Date(at))).toBe(series);
  });

  it('numbers a series with six zero-padded digits', () => {
    expect(documentNumber('INV/26-27/', 1)).toBe('INV/26-27/000001');
    expect(documentNumber('R/26-27/', 42)).toBe('R/26-27/000042');
    expect(documentNumber('CN/26-27/', 999_999)).toBe('CN/26-27/999999');
  });

  it('keeps every number within Rule 46: at most 16 letters, digits, "-" and "/"', () => {
    for (const kind of ['receipt', 'tax_invoice', 'credit_note'] as const) {
      const longest = documentNumber(seriesOf(kind, new Date('2026-12-03T10:00:00+05:30')), 999_999);
      expect(longest).toMatch(/^[A-Z0-9/-]{1,16}$/);
    }
  });

  it('refuses a value outside the series instead of writing a longer number', () => {
    for (const value of [0, -1, 1.5, 1_000_000])
      expect(() => documentNumber('INV/26-27/', value)).toThrow(/6-digit series/);
  });

  it('names the file after the kind and the number', () => {
    expect(documentFileName('tax_invoice', 'INV/26-27/000042')).toBe('tax-invoice-INV-26-27-000042.pdf');
    expect(documentFileName('credit_note', 'CN/26-27/000001')).toBe('credit-note-CN-26-27-000001.pdf');
  });
});

describe('the documents as PDF', () => {
  it('makes one A4 page titled with the kind and number, in embedded fonts only', async () => {
    const pdf = await renderDocumentPdf(taxInvoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfInfo(pdf)).toEqual({
      pages: 1,
      width: 595.28,
      height: 841.89,
      title: 'Tax invoice INV/26-27/000042',
    });
    // No standard font (Helvetica): every font is embedded, so the rupee sign prints on any reader.
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('a receipt (no GSTIN) carries its number, date, recipient and amount, and no tax line', async () => {
    const text = await textOf(receipt());
    expect(text).toContain('RECEIPT');
    expect(text).toContain('Number R/26-27/000007');
    // Issued at 01:30 on 4 Dec in India (3 Dec in UTC): the date is India's.
    expect(text).toContain('Date 4 Dec 2026');
    expect(text).toContain('Shark Security Private Limited');
    expect(text).toContain('Asha Rao asha@example.com');
    expect(text).toContain('Total paid ₹3,000.00');
    expect(text).toContain('Paid on 4 Dec 2026 through the test gateway (test mode: no money moved).');
    expect(text).toContain('Payment: pay_test_1');
    expect(text).toContain(MONEY_DOCUMENT_TEXT.noGst);
    for (const tax of ['CGST', 'SGST', 'IGST', 'Taxable value', 'GSTIN', 'SAC', 'Place of supply'])
      expect(text).not.toContain(tax);
  });

  it('a tax invoice in the supplier state carries every field of Rule 46, with CGST and SGST', async () => {
    const text = await textOf(taxInvoice());
    // Supplier name, address and GSTIN.
    expect(text).toContain('Shark Security Private Limited');
    expect(text).toContain('12 Residency Road, Bengaluru 560025, Karnataka, India');
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    // What it is, its serial number and date.
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Number INV/26-27/000042');
    expect(text).toContain('Date 4 Dec 2026');
    // Recipient; place of supply (the supplier's state when the learner's is not on record); reverse charge.
    expect(text).toContain('BILLED TO Asha Rao asha@example.com');
    expect(text).toContain('Place of supply Karnataka (29)');
    expect(text).toContain('Reverse charge No');
    // Description, SAC and value of each line: the taxed fee and what is collected for the shark.
    expect(text).toContain('# Description SAC Amount');
    expect(text).toContain('1 Platform fee: online booking of "Web Application Pentesting" 998599 ₹254.24');
    expect(text).toContain('2 Collected on behalf of Arjun Mehta (pure agent; not a supply by us) ₹2,700.00');
    // Taxable value, rate and amount of each tax, total.
    expect(text).toContain('Taxable value ₹254.24');
    expect(text).toContain('CGST @ 9% ₹22.88');
    expect(text).toContain('SGST @ 9% ₹22.88');
    expect(text).not.toContain('IGST');
    expect(text).toContain('Total ₹3,000.00');
    expect(text).toContain('Paid on 4 Dec 2026 through Razorpay.');
    expect(text).toContain('Payment: pay_29QQoUBi66xm2f');
    expect(text).toContain('Order: order_9A33XWu170gUtm');
    expect(text).toContain('Session: Web Application Pentesting with Arjun Mehta on 10 Dec 2026 (2 hours).');
    expect(text).toContain(MONEY_DOCUMENT_TEXT.computerGenerated);
    expect(text).not.toContain(MONEY_DOCUMENT_TEXT.noGst);
  });

  it('a tax invoice to another state charges IGST at the full rate', async () => {
    const text = await textOf(taxInvoice('Maharashtra'));
    expect(text).toContain('Asha Rao asha@example.com State: Maharashtra (27)');
    expect(text).toContain('Place of supply Maharashtra (27)');
    expect(text).toContain('IGST @ 18% ₹45.76');
    expect(text).not.toMatch(/CGST|SGST/);
    expect(text).toContain('Total ₹3,000.00');
  });

  it('a credit note refers to its tax invoice by number and date, with the refund split the same way', async () => {
    const invoice = taxInvoice();
    const text = await textOf({
      ...invoice,
      kind: 'credit_note',
      number: 'CN/26-27/000003',
      issuedAt: '2026-12-08T06:00:00.000Z',
      refers: { number: invoice.number, issuedAt: invoice.issuedAt, reason: 'The shark cancelled' },
    });
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('Number CN/26-27/000003');
    expect(text).toContain('Date 8 Dec 2026');
    expect(text).toContain('Against tax invoice INV/26-27/000042 of 4 Dec 2026');
    expect(text).toContain('Reason The shark cancelled');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('Taxable value ₹254.24');
    expect(text).toContain('CGST @ 9% ₹22.88');
    expect(text).toContain('Total credited ₹3,000.00');
    expect(text).toContain('Refunded to the original payment method, through Razorpay.');
  });

  it('a credit note of a receipt refers to the receipt', async () => {
    const text = await textOf({
      ...receipt(),
      kind: 'credit_note',
      number: 'CN/26-27/000004',
      lines: [{ description: 'Refund of the session', sac: null, amountPaise: 150_000, taxable: false }],
      totalPaise: 150_000,
      refers: { number: 'R/26-27/000007', issuedAt: '2026-12-03T20:00:00Z', reason: 'You cancelled late' },
    });
    expect(text).toContain('Against receipt R/26-27/000007 of 4 Dec 2026');
    expect(text).toContain('Total credited ₹1,500.00');
    expect(text).not.toContain('CGST');
  });

  it.each<[string, (d: MoneyDocumentData) => MoneyDocumentData, RegExp]>([
    ['a total that is not its lines and taxes', (d) => ({ ...d, totalPaise: 299_999 }), /total 299999/],
    [
      'a taxable value that is not its taxable lines',
      (d) => ({ ...d, taxableValuePaise: 1 }),
      /taxable value/,
    ],
    ['a tax invoice without a GSTIN', (d) => ({ ...d, supplier: { ...SUPPLIER, gstin: null } }), /GSTIN/],
    ['a GST document without a place of supply', (d) => ({ ...d, placeOfSupply: null }), /place of supply/],
    [
      'a credit note that refers to nothing',
      (d) => ({ ...d, kind: 'credit_note' }),
      /refers to the document/,
    ],
    [
      'an amount in fractions of a paisa',
      (d) => ({ ...d, lines: [{ ...d.lines[0], amountPaise: 25_423.5 }, d.lines[1]] }),
      /whole/,
    ],
  ])('refuses %s', async (_what, change, error) => {
    await expect(renderDocumentPdf(change(taxInvoice()))).rejects.toThrow(error);
  });
});
