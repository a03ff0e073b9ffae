import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
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
    await userEvent.click(off);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(off).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('slot-zones')).toHaveTextContent('Times are in India Standard Time.');
  });

  it('works by keyboard: one tab stop on the days, arrows move, Enter picks, then the times', async () => {
    const user = userEvent.setup();
    render(<Harness learnerZone="Asia/Kolkata" />);
    await user.tab();
    const first = screen.getByRole('button', { name: /15 January 2099/ });
    expect(first).toHaveFocus();
    expect(screen.getAllByRole('button').filter((b) => b.tabIndex === 0)).toHaveLength(1);
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
});
