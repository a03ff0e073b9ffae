// The fee invoice and the statement as their reader sees them, for what the API tests do not reach: a company
// without a GSTIN (no tax lines, and it says why), and a statement long enough to need more pages.
import { describe, expect, it } from 'vitest';
import { MONEY_DOCUMENT_TEXT } from '#shared/money-documents.ts';
import { STATEMENT_TEXT } from '#shared/statements.ts';
import { pdfInfo, pdfText } from '#server/test/pdf.ts';
import { renderFeeInvoicePdf, renderStatementPdf, type StatementData } from './pdf';

const COMPANY = {
  name: 'Shark Security Private Limited',
  address: '12 Residency Road, Bengaluru 560025, Karnataka, India',
  state: 'Karnataka (29)',
  gstin: null,
};
const flat = async (pdf: Buffer) => (await pdfText(pdf)).replace(/\s+/g, ' ');

describe('the fee invoice without a GSTIN', () => {
  it('carries the fees and no tax line, and says why', async () => {
    const pdf = await renderFeeInvoicePdf({
      number: 'FEE/26-27/000007',
      month: '2026-11',
      timeZone: 'Asia/Kolkata',
      issuedAt: '2026-12-01T04:00:00.000Z',
      supplier: COMPANY,
      recipient: { name: 'Arjun Mehta', email: 'arjun@example.com' },
      placeOfSupply: null,
      lines: [{ description: STATEMENT_TEXT.feesOnSessions(1, '2026-11'), sac: null, amountPaise: 30_000 }],
      taxableValuePaise: 0,
      taxes: [],
      totalPaise: 30_000,
    });
    expect(await pdfInfo(pdf)).toMatchObject({ pages: 1, title: 'Fee invoice FEE/26-27/000007' });
    const text = await flat(pdf);
    expect(text).toContain('1 Platform fees on 1 session paid in November 2026 ₹300.00');
    expect(text).toContain('Total ₹300.00');
    expect(text).toContain(MONEY_DOCUMENT_TEXT.noGst);
    for (const word of ['CGST', 'SGST', 'IGST', 'Taxable value', 'GSTIN', 'SAC', 'Place of supply'])
      expect(text).not.toContain(word);
  });
});

describe('a long statement', () => {
  it('goes on to more pages, each with the table head, and closes with the balance', async () => {
    const lines: StatementData['lines'] = Array.from({ length: 40 }, (_, i) => ({
      at: new Date(Date.UTC(2026, 10, 1 + (i % 28), 6)).toISOString(),
      label: 'Session held',
      detail: `Session ${i + 1}`,
      pendingPaise: -1_000,
      availablePaise: 1_000,
      onTheWayPaise: 0,
    }));
    const pdf = await renderStatementPdf({
      month: '2026-11',
      timeZone: 'Asia/Kolkata',
      issuedAt: '2026-12-01T04:00:00.000Z',
      company: COMPANY,
      payee: { name: 'Arjun Mehta', email: 'arjun@example.com' },
      opening: { pendingPaise: 40_000, availablePaise: 0, onTheWayPaise: 0 },
      closing: { pendingPaise: 0, availablePaise: 40_000, onTheWayPaise: 0 },
      summary: {
        sessionsPaid: 0,
        grossPaise: 0,
        feePaise: 0,
        feeTaxPaise: 0,
        sharePaise: 0,
        refunds: 0,
        refundedPaise: 0,
        paidOutPaise: 0,
        corrections: 0,
        correctedPaise: 0,
        otherPaise: 0,
      },
      lines,
    });
    const { pages } = await pdfInfo(pdf);
    expect(pages).toBeGreaterThan(1);
    const text = await flat(pdf);
    // Each page's table starts with its head.
    expect(text.split('Date Description Pending Available On its way').length - 1).toBe(pages);
    expect(text).toContain('Session 40');
    expect(text).toContain('30 Nov 2026 Closing balance ₹0.00 ₹400.00 ₹0.00');
    // No GSTIN: the statement does not print a tax line of zero.
    expect(text).not.toContain(STATEMENT_TEXT.taxOnFees);
  });
});
