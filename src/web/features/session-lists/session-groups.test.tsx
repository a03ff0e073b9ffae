// The lists draw the server's groups as they come (the server's clock decides what is upcoming, decision 056):
// a dashboard's preview shows each group's first rows, its total and a link to the full list when there is
// more; a full list's group loads its next page on "Show more" (covered with the pages in user-pages.test).
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '#web/testing/test-utils.tsx';
import { SessionPreview, type SessionListItem, type SessionPreviewData } from './session-groups';

afterEach(cleanup);

const item = (id: string, title: string, over: Partial<SessionListItem> = {}): SessionListItem => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  title,
  counterpart: 'with Arjun Mehta',
  startsAt: '2026-11-30T13:00:00Z',
  hours: 1,
  totalPricePaise: 150_000,
  status: 'confirmed',
  needsAction: false,
  ...over,
});

const show = (groups: SessionPreviewData, emptyUpcoming?: string) =>
  renderScreen(
    [
      {
        path: '/',
        element: <SessionPreview groups={groups} allTo="/user/bookings" emptyUpcoming={emptyUpcoming} />,
      },
    ],
    '/',
  );

describe('SessionPreview', () => {
  it("shows each group's rows in the server's order with its total and a link to the rest", async () => {
    show({
      needsAction: { total: 1, items: [item('1', 'Red Team', { needsAction: true })] },
      upcoming: { total: 26, items: [item('2', 'Cloud IR'), item('3', 'Web App'), item('4', 'OSINT')] },
      past: { total: 2, items: [item('5', 'Forensics', { status: 'completed' }), item('6', 'Recon')] },
      cancelled: { total: 1, items: [item('7', 'Cloud Audit', { status: 'cancelled' })] },
    });
    expect(await screen.findByRole('heading', { name: 'Needs your action (1)' })).toBeInTheDocument();
    const upcoming = within(screen.getByRole('list', { name: 'Upcoming' })).getAllByTestId('session-item');
    expect(upcoming.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Cloud IR',
      'Web App',
      'OSINT',
    ]);
    expect(screen.getByRole('heading', { name: 'Upcoming (26)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all 26 upcoming sessions →' })).toHaveAttribute(
      'href',
      '/user/bookings',
    );
    // Everything of Past is shown: no link under it.
    expect(screen.queryByRole('link', { name: /See all 2 past/ })).toBeNull();
    // A cancelled session is under its own heading, after Past, and not in Past (issue 43).
    expect(screen.getByRole('heading', { name: 'Cancelled (1)' })).toBeInTheDocument();
    const cancelled = within(screen.getByRole('list', { name: 'Cancelled' })).getByTestId('session-item');
    expect(cancelled).toHaveTextContent('Cloud Audit');
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Past' })).queryByText('Cloud Audit')).toBeNull();
    expect(within(screen.getAllByTestId('session-item')[0]).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      '/sessions/00000000-0000-4000-8000-000000000001',
    );
  });

  it('hides an empty "Needs your action" and "Cancelled" and says when Upcoming is empty', async () => {
    show(
      {
        needsAction: { total: 0, items: [] },
        upcoming: { total: 0, items: [] },
        past: { total: 0, items: [] },
        cancelled: { total: 0, items: [] },
      },
      'No upcoming sessions. Pick a shark and book one.',
    );
    expect(await screen.findByText('No upcoming sessions. Pick a shark and book one.')).toBeInTheDocument();
    expect(screen.getByText('No past sessions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Needs your action/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Cancelled/ })).toBeNull();
  });
});
