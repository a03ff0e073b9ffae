// The groups follow the server's verdict on "upcoming" when it sends one: the browser's clock may disagree
// with the server's (a wrong system clock, or a browser test that moved the server's clock).
import { describe, expect, it } from 'vitest';
import { groupSessions, type SessionListItem } from './session-groups';

const item = (over: Partial<SessionListItem>): SessionListItem => ({
  id: over.id ?? 'a',
  title: 'Web App Hacking',
  counterpart: 'with Arjun Mehta',
  startsAt: '2026-11-30T13:00:00Z',
  hours: 1,
  totalPrice: 1500,
  status: 'confirmed',
  needsAction: false,
  ...over,
});

describe('groupSessions', () => {
  const browserNow = new Date('2026-11-23T00:00:00Z');

  it('puts a confirmed session the server calls past under Past, though the browser thinks it is ahead', () => {
    const groups = groupSessions([item({ status: 'completed', upcoming: false })], browserNow);
    expect(groups.upcoming).toEqual([]);
    expect(groups.past.map((s) => s.status)).toEqual(['completed']);
    const stale = groupSessions([item({ status: 'confirmed', upcoming: false })], browserNow);
    expect(stale.past).toHaveLength(1);
  });

  it('keeps a session the server calls upcoming under Upcoming, though the browser thinks it passed', () => {
    const groups = groupSessions([item({ upcoming: true })], new Date('2026-12-31T00:00:00Z'));
    expect(groups.upcoming).toHaveLength(1);
    expect(groups.past).toEqual([]);
  });

  it('falls back to the browser clock when the server sent no verdict', () => {
    expect(groupSessions([item({})], browserNow).upcoming).toHaveLength(1);
    expect(groupSessions([item({})], new Date('2026-12-31T00:00:00Z')).past).toHaveLength(1);
  });

  it('lists what needs an answer first, whatever the time', () => {
    const groups = groupSessions([item({ needsAction: true, status: 'requested', upcoming: true })]);
    expect(groups.needsAction).toHaveLength(1);
    expect(groups.upcoming).toEqual([]);
  });
});
