// The earnings page's Statements section (issue 24, decisions 143-144): a month picker limited to the months the
// server offers (since the shark joined, 12 at most), the month's statement and, once the month has ended and
// had fees, the company's fee invoice, both PDFs downloaded from the server. A month without an invoice says why.
import { useId, useState } from 'react';
import { FEE_INVOICE_NOTE, STATEMENTS_SECTION_TEXT as T } from '#shared/statements.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useStatementMonths, useStatementsDownloaded } from './api';

const link =
  'btn-ghost inline-flex min-h-11 items-center justify-center text-center text-sm whitespace-nowrap';

export function StatementsSection({ sharkId }: { sharkId?: string }) {
  const query = useStatementMonths(sharkId);
  const downloaded = useStatementsDownloaded(sharkId);
  const [chosen, setChosen] = useState<string | null>(null);
  const pickerId = useId();
  const months = query.data?.months ?? [];
  // The newest month that has ended is the one a shark most often wants; this month while it is the only one.
  const month =
    months.find((m) => m.month === chosen) ??
    months.find((m) => m.feeInvoice.state !== 'month_open') ??
    months[0];

  return (
    <section aria-labelledby="statements-title" className="glass flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-col gap-1">
        <h2 id="statements-title" className="text-lg font-semibold text-ink-100">
          {T.title}
        </h2>
        <p className="muted text-sm">{T.intro}</p>
      </div>
      {query.isPending ? (
        <div role="status" aria-label="Loading your statements">
          <Skeleton className="h-11 w-full sm:w-96" />
        </div>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : !month ? (
        <p className="text-sm text-ink-300">{T.none}</p>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <div className="flex flex-col gap-1 text-sm text-ink-300">
            <label htmlFor={pickerId}>{T.month}</label>
            <select
              id={pickerId}
              className="input min-h-11 sm:w-56"
              value={month.month}
              onChange={(e) => setChosen(e.target.value)}
            >
              {months.map((m) => (
                <option key={m.month} value={m.month}>
                  {m.label}
                </option>
              ))}
            </select>
          </div>
          <a className={link} href={month.statementUrl} download onClick={downloaded}>
            {T.statement}
          </a>
          {month.feeInvoice.url ? (
            <a
              className={link}
              href={month.feeInvoice.url}
              download
              onClick={downloaded}
              aria-describedby={month.feeInvoice.number ? `${pickerId}-number` : undefined}
            >
              {T.feeInvoice}
            </a>
          ) : null}
          {month.feeInvoice.number ? (
            <p id={`${pickerId}-number`} className="text-xs text-ink-400 sm:self-center">
              {T.issued(month.feeInvoice.number)}
            </p>
          ) : null}
          {month.feeInvoice.state === 'no_fees' || month.feeInvoice.state === 'month_open' ? (
            <p className="text-sm text-ink-400 sm:basis-full" data-testid="fee-invoice-note">
              {FEE_INVOICE_NOTE[month.feeInvoice.state](month.month)}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}
