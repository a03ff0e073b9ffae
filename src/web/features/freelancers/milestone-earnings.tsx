// The freelancer's earnings (issue 27): the balance in the shark's three tiles, told in milestones, then one line
// per paid milestone (its engagement, the milestone, the money and where it sits): a table on wide screens, a card
// each on a phone. The parts are the shark's (money/earning-parts); every amount comes from the server.
import { Link } from 'react-router';
import { FREELANCER_EARNINGS_TEXT } from '#shared/earnings.ts';
import { MILESTONE_STATUS_LABELS, type FreelancerEarnings } from '#shared/engagements.ts';
import { paths } from '#shared/routes.ts';
import { EmptyState } from '#web/components/empty-state.tsx';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { BalanceTiles, EarningCard, EarningRow, EarningsTable } from '#web/features/money/earning-parts.tsx';
import { useFreelancerEarningLines } from './api';

type Line = FreelancerEarnings['lines'][number];

/** What a milestone's line holds for the shared row and card: its money (the amount is the price), state, date. */
const paidLine = (l: Line) => ({
  money: { ...l, pricePaise: l.amountPaise },
  state: l.state,
  availableFrom: l.availableFrom,
});

/** The engagement (a link to it), the milestone, where its work stands and when it was funded. */
function What({ line: l }: { line: Line }) {
  return (
    <>
      <Link
        to={paths.engagements.detail(l.engagementId)}
        className="block font-semibold break-words text-ink-100 hover:text-accent-300"
      >
        {l.engagementTitle}
      </Link>
      <span className="block text-sm break-words text-ink-300">{l.milestoneTitle}</span>
      <span className="block text-xs text-ink-400">{MILESTONE_STATUS_LABELS[l.milestoneStatus]}</span>
      <span className="block text-xs text-ink-400">
        Funded {formatDateTimeIn(l.paidAt, viewerTimeZone())}
      </span>
    </>
  );
}

function LinesTable({ lines }: { lines: Line[] }) {
  return (
    <EarningsTable
      caption="Your paid milestones and your share of each"
      headers={
        <th scope="col" className="px-3 py-2 font-medium">
          Milestone
        </th>
      }
    >
      {lines.map((l) => (
        <EarningRow
          key={l.milestoneId}
          line={paidLine(l)}
          head={
            <th scope="row" className="px-3 py-2 font-normal">
              <What line={l} />
            </th>
          }
        />
      ))}
    </EarningsTable>
  );
}

function LineCards({ lines }: { lines: Line[] }) {
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label="Your paid milestones">
      {lines.map((l) => (
        <EarningCard key={l.milestoneId} line={paidLine(l)} head={<What line={l} />} />
      ))}
    </ul>
  );
}

export function MilestoneEarnings() {
  const query = useFreelancerEarningLines();
  if (query.isError)
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const lines = query.data?.lines ?? [];
  return (
    <>
      <BalanceTiles balance={query.data?.balance ?? null} notes={FREELANCER_EARNINGS_TEXT} />
      <section aria-labelledby="earning-lines-title" className="flex flex-col gap-3">
        <h2 id="earning-lines-title" className="text-lg font-semibold text-ink-100">
          Paid milestones
        </h2>
        {query.isPending ? (
          <div role="status" aria-label="Loading your paid milestones" className="grid gap-3">
            <Skeleton className="h-20 w-full" />
          </div>
        ) : lines.length === 0 ? (
          <EmptyState title="No paid milestones yet">{FREELANCER_EARNINGS_TEXT.empty}</EmptyState>
        ) : (
          <>
            <LinesTable lines={lines} />
            <LineCards lines={lines} />
          </>
        )}
      </section>
    </>
  );
}
