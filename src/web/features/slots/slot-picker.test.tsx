import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SlotDay } from '#shared/availability.ts';
import { SlotPicker } from './slot-picker';

afterEach(cleanup);

const DAYS: SlotDay[] = [
  { date: '2099-01-15', starts: ['2099-01-15T13:00:00.000Z', '2099-01-15T13:30:00.000Z'] },
  { date: '2099-01-16', starts: [] },
  { date: '2099-01-17', starts: ['2099-01-17T04:30:00.000Z'] },
];

function Harness({ learnerZone }: { learnerZone: string }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SlotPicker
        days={DAYS}
        sharkZone="Asia/Kolkata"
        learnerZone={learnerZone}
        value={value}
        onChange={setValue}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('SlotPicker', () => {
  it("writes out both zones and shows each time in the learner's zone with the shark's beside it", async () => {
    render(<Harness learnerZone="America/New_York" />);
    expect(screen.getByTestId('slot-zones')).toHaveTextContent(
      "Times are in your time zone, Eastern Standard Time; the shark's local time (India Standard Time) is shown beside each.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Thursday, 15 January 2099, 2 free times' }));
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      '08:00(shark: 18:30)',
      '08:30(shark: 19:00)',
    ]);
    await userEvent.click(radios[1]);
    expect(screen.getByTestId('value')).toHaveTextContent('2099-01-15T13:30:00.000Z');
  });

  it('a day without a free time is aria-disabled, named so, and cannot be picked', async () => {
    render(<Harness learnerZone="Asia/Kolkata" />);
    const off = screen.getByRole('button', { name: 'Friday, 16 January 2099, no free times' });
    expect(off).toHaveAttribute('aria-disabled', 'true');
    // The first day with free times is open from the start.
    expect(screen.getByRole('button', { name: /15 January 2099/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(off);
    expect(screen.getByRole('radiogroup')).toHaveAccessibleName('Start times on Thursday, 15 January 2099');
    expect(off).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('slot-zones')).toHaveTextContent('Times are in India Standard Time.');
  });

  it('works by keyboard: one tab stop on the days, arrows move, Enter picks, then the times', async () => {
    const user = userEvent.setup();
    render(<Harness learnerZone="Asia/Kolkata" />);
    await user.tab();
    const first = screen.getByRole('button', { name: /15 January 2099/ });
    expect(first).toHaveFocus();
    const strip = within(screen.getByRole('group', { name: 'Days' }));
    expect(strip.getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /16 January 2099/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const third = screen.getByRole('button', { name: /17 January 2099/ });
    expect(third).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(third).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(third).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('radio', { name: '10:00' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('value')).toHaveTextContent('2099-01-17T04:30:00.000Z');
  });

  it('shows a week at a time with previous and next week, and jumps to the next available day', async () => {
    const user = userEvent.setup();
    // Ten days from Thu 15 Jan: free times on the 15th, Mon 19th and Sat 24th (in the second week).
    const days: SlotDay[] = Array.from({ length: 10 }, (_, i) => {
      const date = `2099-01-${String(15 + i).padStart(2, '0')}`;
      return { date, starts: [15, 19, 24].includes(15 + i) ? [`${date}T04:30:00.000Z`] : [] };
    });
    render(
      <SlotPicker
        days={days}
        sharkZone="Asia/Kolkata"
        learnerZone="Asia/Kolkata"
        value=""
        onChange={() => {}}
      />,
    );
    const strip = within(screen.getByRole('group', { name: 'Days' }));
    expect(strip.getAllByRole('button')).toHaveLength(7);
    expect(screen.getByRole('button', { name: 'Previous week' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next available: Mon 19 Jan' }));
    expect(strip.getByRole('button', { name: /19 January 2099/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Next available: Sat 24 Jan' }));
    // The strip turned to the week of the 24th: 22 to 24 January.
    const second = within(screen.getByRole('group', { name: 'Days' }));
    expect(second.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Thursday, 22 January 2099, no free times',
      'Friday, 23 January 2099, no free times',
      'Saturday, 24 January 2099, 1 free time',
    ]);
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(within(screen.getByRole('group', { name: 'Days' })).getAllByRole('button')).toHaveLength(7);
  });

  it('marks "+1 day" on a time that falls on the next date in the learner\'s zone', async () => {
    // 20:30 in India on the 15th is 00:00 on the 16th in Tokyo.
    const days: SlotDay[] = [
      { date: '2099-01-15', starts: ['2099-01-15T13:00:00.000Z', '2099-01-15T15:00:00.000Z'] },
    ];
    render(
      <SlotPicker
        days={days}
        sharkZone="Asia/Kolkata"
        learnerZone="Asia/Tokyo"
        value=""
        onChange={() => {}}
      />,
    );
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual([
      '22:00(shark: 18:30)',
      '00:00+1 day(shark: 20:30)',
    ]);
  });

  it('groups the times as morning, afternoon and evening on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    const days: SlotDay[] = [
      {
        date: '2099-01-15',
        // 09:30, 14:00 and 18:30 in India.
        starts: ['2099-01-15T04:00:00.000Z', '2099-01-15T08:30:00.000Z', '2099-01-15T13:00:00.000Z'],
      },
    ];
    render(
      <SlotPicker
        days={days}
        sharkZone="Asia/Kolkata"
        learnerZone="Asia/Kolkata"
        value=""
        onChange={() => {}}
      />,
    );
    const group = screen.getByRole('radiogroup');
    expect(group).toHaveTextContent('Morning09:30Afternoon14:00Evening18:30');
    vi.unstubAllGlobals();
  });
});
