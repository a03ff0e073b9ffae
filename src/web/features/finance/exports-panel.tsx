// The finance console's exports for the accountant: the ledger of a date range as CSV, and a month's invoices,
// receipts and credit notes as a CSV register and a ZIP of their PDFs. Plain links: the browser downloads what
// the server streams; a bad range is refused beside its field before anything is asked.
import { useId, useState } from 'react';
import { ledgerExportQuerySchema, monthExportQuerySchema } from '#shared/finance.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { Section } from '#web/components/console-ui.tsx';
import { withQuery } from '#web/lib/api-client.ts';

/** Today's and this month's dates in India (the exports' days are India's). */
const indiaToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

function issuesOf(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const linkClass = 'btn-primary inline-flex w-fit py-1.5';
const disabledClass = 'btn-ghost inline-flex w-fit cursor-not-allowed py-1.5 opacity-60';

export function ExportsPanel() {
  const id = useId();
  const today = indiaToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const range = ledgerExportQuerySchema.safeParse({ from, to });
  const rangeErrors = issuesOf(range);
  const monthOk = monthExportQuerySchema.safeParse({ month });
  const monthErrors = issuesOf(monthOk);
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <Section
        title="Ledger (CSV)"
        id="finance-export-ledger-title"
        intro="One row per ledger entry of the days chosen (India's time): date, transaction key, kind, memo, account, payee, debit and credit."
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1 text-sm text-ink-300">
            <label htmlFor={`${id}-from`}>First day</label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={from}
              aria-invalid={rangeErrors.from ? true : undefined}
              aria-describedby={rangeErrors.from ? `${id}-from-error` : undefined}
              onChange={(e) => setFrom(e.target.value)}
            />
            <FieldError id={`${id}-from-error`} message={rangeErrors.from} />
          </div>
          <div className="flex flex-col gap-1 text-sm text-ink-300">
            <label htmlFor={`${id}-to`}>Last day</label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={to}
              aria-invalid={rangeErrors.to ? true : undefined}
              aria-describedby={rangeErrors.to ? `${id}-to-error` : undefined}
              onChange={(e) => setTo(e.target.value)}
            />
            <FieldError id={`${id}-to-error`} message={rangeErrors.to} />
          </div>
        </div>
        <div className="mt-4">
          {range.success ? (
            <a
              className={linkClass}
              href={withQuery('/api/admin/finance/exports/ledger.csv', { from, to })}
              download
            >
              Download the ledger
            </a>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Download the ledger
            </span>
          )}
        </div>
      </Section>
      <Section
        title="Invoices and credit notes"
        id="finance-export-documents-title"
        intro="A month's receipts, tax invoices and credit notes: a CSV register, and their PDFs in one ZIP."
      >
        <div className="flex max-w-xs flex-col gap-1 text-sm text-ink-300">
          <label htmlFor={`${id}-month`}>Month</label>
          <input
            id={`${id}-month`}
            type="month"
            className="input"
            value={month}
            placeholder="2026-11"
            aria-invalid={monthErrors.month ? true : undefined}
            aria-describedby={monthErrors.month ? `${id}-month-error` : undefined}
            onChange={(e) => setMonth(e.target.value)}
          />
          <FieldError id={`${id}-month-error`} message={monthErrors.month} />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          {monthOk.success ? (
            <>
              <a
                className={linkClass}
                href={withQuery('/api/admin/finance/exports/documents.csv', { month })}
                download
              >
                Download the register (CSV)
              </a>
              <a
                className="btn-ghost inline-flex w-fit py-1.5"
                href={withQuery('/api/admin/finance/exports/documents.zip', { month })}
                download
              >
                Download the PDFs (ZIP)
              </a>
            </>
          ) : (
            <span className={disabledClass} aria-disabled="true">
              Download the register (CSV)
            </span>
          )}
        </div>
      </Section>
    </div>
  );
}
