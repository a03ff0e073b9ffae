import { describe, expect, it } from 'vitest';
import { formatFromHourly, formatHourlyRange, formatRupees } from './format';

describe('money', () => {
  it('shows whole rupees where there are no paise, and paise where there are', () => {
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatRupees(1500.5)).toBe('₹1,500.50');
  });

  it('says a card price and a profile price range per hour', () => {
    expect(formatFromHourly(1500)).toBe('from ₹1,500 / hour');
    expect(formatHourlyRange(1500, 1500)).toBe('₹1,500 / hour');
    expect(formatHourlyRange(1500, 3000)).toBe('₹1,500 – ₹3,000 / hour');
  });
});
