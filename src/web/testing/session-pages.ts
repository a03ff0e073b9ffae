// Answers of the paged session lists (issue 17) for component tests, from plain rows: each row's own
// needsAction and upcoming flags and its status place it, as the server's groups do, and each group keeps the
// server's order (coming soonest first, past and cancelled most recent first).
import { SESSION_GROUPS, SESSION_PREVIEW_SIZE, type SessionGroup } from '#shared/session-lists.ts';
import { isClosedStatus, type SessionStatus } from '#shared/sessions.ts';

interface Row {
  startsAt: string;
  needsAction: boolean;
  upcoming: boolean;
  status: SessionStatus;
}

const groupOf = (r: Row): SessionGroup =>
  r.needsAction ? 'needsAction' : r.upcoming ? 'upcoming' : isClosedStatus(r.status) ? 'cancelled' : 'past';

export function groupRows<T extends Row>(rows: T[]): Record<SessionGroup, T[]> {
  const by = (g: SessionGroup) =>
    rows
      .filter((r) => groupOf(r) === g)
      .sort((a, b) =>
        g === 'past' || g === 'cancelled'
          ? b.startsAt.localeCompare(a.startsAt)
          : a.startsAt.localeCompare(b.startsAt),
      );
  return {
    needsAction: by('needsAction'),
    upcoming: by('upcoming'),
    past: by('past'),
    cancelled: by('cancelled'),
  };
}

/** The first rows of each group and its total (a dashboard's preview). */
export const previewOf = <T extends Row>(rows: T[]) => {
  const groups = groupRows(rows);
  return Object.fromEntries(
    SESSION_GROUPS.map((g) => [
      g,
      { total: groups[g].length, items: groups[g].slice(0, SESSION_PREVIEW_SIZE) },
    ]),
  ) as Record<SessionGroup, { total: number; items: T[] }>;
};

/** A mockApi handler of `GET …/sessions?group=&page=` over `rows`, `pageSize` rows a page. */
export const pageHandler =
  <T extends Row>(rows: T[], pageSize = 20) =>
  ({ url }: { url: URL }) => {
    const group = url.searchParams.get('group') as SessionGroup;
    const page = Number(url.searchParams.get('page') ?? '1');
    const all = groupRows(rows)[group];
    return {
      status: 200,
      body: {
        group,
        page,
        pageSize,
        total: all.length,
        items: all.slice((page - 1) * pageSize, page * pageSize),
      },
    };
  };
