// Sessions grouped the same way on every list (learner's dashboard and bookings, shark's dashboard and
// enrollments): "Needs your action" first, then "Upcoming" (requested or confirmed, start still ahead), then
// "Past", then "Cancelled" (declined, expired or cancelled, issue 43). The server groups and orders them
// (decision 056, issue 17): coming sessions soonest first, past and cancelled ones most recent first. Dashboards show each group's first rows and its count; the full lists load a
// group a page at a time. Each row opens the session page.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { MyBooking } from '#shared/bookings.ts';
import type { BookingPayment } from '#shared/payments.ts';
import { paths } from '#shared/routes.ts';
import { answerByLine } from '#shared/sessions-texts.ts';
import {
  SESSION_GROUP_TEXT,
  SESSION_GROUPS,
  SESSION_LIST_MSG,
  seeAllSessions,
  showMoreSessions,
  type SessionGroup,
} from '#shared/session-lists.ts';
import type { SharkSession } from '#shared/workspace.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTimeIn, viewerTimeZone } from '#web/lib/format.ts';
import { BookingDocumentLinks, BookingPaymentStatus } from '#web/features/money/money-lines.tsx';
import { StatusBadge } from './status-badge';
import { formatPaise } from '#shared/money.ts';

export interface SessionListItem {
  id: string;
  title: string;
  /** "with Arjun Mehta" for a learner, the learner's name for a shark. */
  counterpart: string;
  startsAt: string;
  hours: number;
  totalPricePaise: number;
  status: string;
  needsAction: boolean;
  /** A learner's completed session: the row offers "Leave a review" (issue 14). */
  review?: { sharkName: string };
  /** A learner's paid booking on their bookings list: what they paid, its refund, the documents (issue 23). */
  payment?: BookingPayment;
  /**
   * A request waiting for the shark: its deadline, for the row's line (decision 206). A priced request is a paid
   * one: a paid course's request is written only once its payment is captured.
   */
  answer?: { by: string; viewer: 'learner' | 'shark'; paid: boolean };
}

const answerOf = (
  b: { answerBy: string | null; totalPricePaise: number },
  viewer: 'learner' | 'shark',
): SessionListItem['answer'] =>
  b.answerBy === null ? undefined : { by: b.answerBy, viewer, paid: b.totalPricePaise > 0 };

/** A learner's own booking as a row, with its payment where the list carries one. */
export const fromMyBooking = (b: MyBooking & { payment?: BookingPayment | null }): SessionListItem => ({
  id: b.id,
  title: b.courseTitle,
  counterpart: `with ${b.sharkName}`,
  startsAt: b.startsAt,
  hours: b.hours,
  totalPricePaise: b.totalPricePaise,
  status: b.status,
  needsAction: b.needsAction,
  // Reviewed once, it is not offered again (the review page edits the published one).
  review: b.status === 'completed' && !b.reviewed ? { sharkName: b.sharkName } : undefined,
  payment: b.payment ?? undefined,
  answer: answerOf(b, 'learner'),
});

/** A booking of the shark's courses as a row: the learner's name, its contact only on the session page. */
export const fromSharkSession = (s: SharkSession): SessionListItem => ({
  id: s.id,
  title: s.courseTitle,
  counterpart: s.name,
  startsAt: s.startsAt,
  hours: s.hours,
  totalPricePaise: s.totalPricePaise,
  status: s.status,
  needsAction: s.needsAction,
  answer: answerOf(s, 'shark'),
});

const GROUP_TEXT = SESSION_GROUP_TEXT;

export type SessionPreviewData = Record<SessionGroup, { total: number; items: SessionListItem[] }>;

/** Groups shown only when they hold a session: nothing to answer, or nothing called off, needs no heading. */
const hiddenWhenEmpty = (group: SessionGroup) => group === 'needsAction' || group === 'cancelled';

/**
 * The dashboards' preview: each group's first sessions under its heading and total, and a link to the whole
 * list when the group holds more. "Needs your action" and "Cancelled" show only when they hold a session.
 */
export function SessionPreview({
  groups,
  allTo,
  emptyUpcoming,
}: {
  groups: SessionPreviewData;
  /** The full list (the bookings or enrollments page). */
  allTo: string;
  emptyUpcoming?: string;
}) {
  return (
    <div className="flex flex-col gap-8">
      {SESSION_GROUPS.map((key) => {
        const { total, items } = groups[key];
        if (hiddenWhenEmpty(key) && total === 0) return null;
        const text = GROUP_TEXT[key];
        return (
          <GroupSection key={key} group={key} total={total} level={3}>
            {items.length === 0 ? (
              <p className="muted text-sm">
                {key === 'upcoming' && emptyUpcoming ? emptyUpcoming : text.empty}
              </p>
            ) : (
              <ul aria-label={text.title} className="flex flex-col gap-3">
                {items.map((s) => (
                  <SessionRowItem key={s.id} session={s} />
                ))}
              </ul>
            )}
            {total > items.length ? (
              <Link
                to={allTo}
                className="inline-flex min-h-11 w-fit items-center text-sm text-accent-300 hover:underline"
              >
                {seeAllSessions(total, key)}
              </Link>
            ) : null}
          </GroupSection>
        );
      })}
    </div>
  );
}

function GroupSection({
  group,
  total,
  level,
  children,
}: {
  group: SessionGroup;
  total: number | null;
  level: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `sessions-${group}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className={level === 2 ? 'text-xl font-semibold' : 'text-lg font-semibold'}>
        {GROUP_TEXT[group].title}
        {total === null ? null : (
          <>
            {' '}
            <span className="text-ink-400">({total})</span>
          </>
        )}
      </Heading>
      {children}
    </section>
  );
}

/** What a paged list needs of its infinite query (each feature's api.ts owns the queries and their keys). */
export interface PagedSessions<T> {
  data?: { pages: { total: number; items: T[] }[] };
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  isFetchingNextPage: boolean;
}

/**
 * One group of a full list, a page at a time: "Show more" loads the next page and moves focus to its first
 * row, so a keyboard user continues where the new rows begin. "Needs your action" and "Cancelled" hide when
 * empty.
 */
export function PagedSessionGroup<T>({
  group,
  query,
  toItem,
  emptyText,
}: {
  group: SessionGroup;
  query: PagedSessions<T>;
  toItem: (row: T) => SessionListItem;
  emptyText?: string;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items.map(toItem)) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? null;
  const text = GROUP_TEXT[group];

  useEffect(() => {
    if (focusRow === null || items.length <= focusRow) return;
    listRef.current?.querySelectorAll<HTMLElement>('[data-session-link]')[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow, items.length]);

  if (hiddenWhenEmpty(group) && total === 0) return null;
  return (
    <GroupSection group={group} total={total} level={2}>
      {query.isPending ? (
        <div role="status" aria-label={`Loading ${text.title.toLowerCase()} sessions`} className="grid gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : query.isError && items.length === 0 ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted text-sm">{emptyText ?? text.empty}</p>
      ) : (
        <>
          <ul ref={listRef} aria-label={text.title} className="flex flex-col gap-3">
            {items.map((s) => (
              <SessionRowItem key={s.id} session={s} />
            ))}
          </ul>
          {query.isError ? (
            // A later page failed: the rows already shown stay, the reason shows, and the button tries again.
            <p role="alert" className="text-sm text-danger-400">
              {errorMessage(query.error)}
            </p>
          ) : null}
          {query.hasNextPage ? (
            <button
              type="button"
              className="btn-ghost w-fit"
              disabled={query.isFetchingNextPage}
              onClick={() => {
                setFocusRow(items.length);
                void query.fetchNextPage();
              }}
            >
              {query.isFetchingNextPage
                ? SESSION_LIST_MSG.loadingMore
                : showMoreSessions(items.length, total ?? items.length, group)}
            </button>
          ) : null}
        </>
      )}
    </GroupSection>
  );
}

function SessionRowItem({ session: s }: { session: SessionListItem }) {
  // The card is the list item, so the row's payment and actions (its receipt and credit note, Leave a review)
  // sit inside its border; the row's link covers the rest of the card (a link cannot hold another link).
  return (
    <li data-testid="session-item" className="glass flex flex-col hover:border-accent-400/50">
      <Link
        to={paths.sessions.detail(s.id)}
        data-session-link
        className="flex flex-col gap-3 rounded-2xl p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-ink-100">{s.title}</span>
            <StatusBadge status={s.status} />
          </div>
          <p className="text-sm text-ink-400">{s.counterpart}</p>
          {s.answer ? (
            <p className="mt-1 text-xs text-warning-400">
              {answerByLine(
                s.answer.viewer,
                `${formatDateTimeIn(s.answer.by, viewerTimeZone())} (your time)`,
                s.answer.paid,
              )}
            </p>
          ) : null}
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-5 gap-y-1 text-sm sm:shrink-0 sm:grid-cols-[auto_3rem_6rem]">
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs text-ink-400">When (your time)</dt>
            <dd className="text-ink-100">{formatDateTimeIn(s.startsAt, viewerTimeZone())}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Hours</dt>
            <dd className="text-ink-100">{s.hours}</dd>
          </div>
          <div>
            <dt className="text-xs text-ink-400">Total</dt>
            <dd className="font-semibold text-ink-100">{formatPaise(s.totalPricePaise)}</dd>
          </div>
        </dl>
      </Link>
      {s.review || s.payment ? (
        <div className="flex flex-col gap-x-5 gap-y-1 border-t border-white/10 px-4 py-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between sm:px-5">
          {s.payment ? <BookingPaymentStatus payment={s.payment} /> : null}
          <div className="flex flex-wrap items-center gap-x-5 gap-y-1">
            {s.payment ? <BookingDocumentLinks payment={s.payment} /> : null}
            {s.review ? (
              // Only a completed session can be reviewed; the review page says when its window has closed.
              <Link
                to={paths.user.review(s.id)}
                className="btn-ghost w-fit"
                aria-label={`Leave a review of ${s.title} with ${s.review.sharkName}`}
              >
                Leave a review
              </Link>
            ) : null}
          </div>
        </div>
      ) : null}
    </li>
  );
}
