import { afterEach, describe, expect, it } from 'vitest';
import { now, setClock, timeOfDay, todayIn } from './time';

afterEach(() => setClock());

describe('the server clock', () => {
  it('can be moved by a test, and "today" in a time zone follows it', () => {
    setClock(() => new Date('2026-03-01T20:00:00Z'));
    expect(now().toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(todayIn('Asia/Kolkata')).toBe('2026-03-02');
    expect(todayIn('UTC')).toBe('2026-03-01');
  });

  it('goes back to the real time when reset', () => {
    setClock(() => new Date('2000-01-01T00:00:00Z'));
    setClock();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('shows a time column as hours and minutes', () => {
    expect(timeOfDay('09:30:00')).toBe('09:30');
  });
});
