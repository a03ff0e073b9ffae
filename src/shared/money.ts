// Money is integer paise everywhere (decision 210): every column, API field, form value and setting. This module is
// its one home: the branded type, the one conversion from rupees a person typed, and the one formatter; the zod
// schemas of paise fields and rupee inputs are beside it in money-schemas.ts. No zod at run time here: the booking
// panel and the catalogue's cards format prices, and a schema on their path would load zod's core (decision 199).
import type { z } from 'zod/mini';

/** A whole number of paise (₹1 = 100 paise). Only the one conversion, the money schemas and `paise()` make one. */
export type Paise = number & z.core.$brand<'Paise'>;

/** The most any amount can be: ₹100 crore, far above any price, budget or payout, far below 2^53. */
export const MAX_PAISE = 10_000_000_000;

/** Tags a computed whole amount of paise (a price × hours, a sum): throws on anything but a safe integer. */
export function paise(amount: number): Paise {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`not a whole number of paise: ${amount}`);
  return amount as Paise;
}

// Digits, plain or grouped the Indian (1,23,456) or the Western way (123,456), and at most two decimals. No sign,
// no exponent, and no decimal comma: "1,23" is refused, not read as 123.
const RUPEES = /^(\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})(?:\.(\d{1,2}))?$/;

/**
 * The one conversion: rupees as a person typed them ("1500", "1,500.50", "₹ 99.9", or a number such as 1500.5) to
 * paise, exactly: the decimal text is read digit by digit, never multiplied as a float (0.29 × 100 is
 * 28.999999999999996). Null for anything else: more than two decimals, a sign, an exponent, empty text.
 */
export function rupeesToPaise(rupees: string | number): Paise | null {
  const text = (typeof rupees === 'number' ? String(rupees) : rupees).trim().replace(/^₹\s*/, '');
  const m = RUPEES.exec(text);
  if (!m) return null;
  const amount = Number(m[1].replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(amount) && amount <= MAX_PAISE ? (amount as Paise) : null;
}

/**
 * Paise back to plain rupee text, the one conversion's inverse, from the integer digits (never a float): what a
 * rupee input shows for editing (150000 -> "1500", 150050 -> "1500.50"), or with `fixed` the two decimals an
 * export's amount column holds (150000 -> "1500.00", -5 -> "-0.05"). For people, `formatPaise`.
 */
export function paiseToRupees(amount: number, options: { fixed?: boolean } = {}): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const rupees = Math.trunc(abs / 100);
  const rest = abs % 100;
  return rest === 0 && !options.fixed
    ? `${sign}${rupees}`
    : `${sign}${rupees}.${String(rest).padStart(2, '0')}`;
}

// ---- The one formatter ---------------------------------------------------------------------------------------

// An Intl formatter is costly to build: each of the two is built on first use and kept.
let short: Intl.NumberFormat | undefined;
let exact: Intl.NumberFormat | undefined;

/**
 * The one formatter of money, from paise: ₹ with Indian grouping, whole rupees without decimals ("₹1,500",
 * "₹1,50,000"), otherwise two ("₹1,500.50"). `exact` always shows the paise, as the ledger and documents read
 * ("₹1,500.00"); below zero, "-₹50.00".
 */
export function formatPaise(amount: number, options: { exact?: boolean } = {}): string {
  const rupees = amount / 100;
  if (options.exact || amount % 100 !== 0) {
    exact ??= new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 2,
    });
    return exact.format(rupees);
  }
  short ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  return short.format(rupees);
}

/** A price per hour: 150000 -> "₹1,500 / hour". */
export const formatPerHour = (amount: number) => `${formatPaise(amount)} / hour`;

/** A range of prices per hour: (150000, 150000) -> "₹1,500 / hour", (150000, 300000) -> "₹1,500 – ₹3,000 / hour". */
export const formatPerHourRange = (min: number, max: number) =>
  min === max ? formatPerHour(min) : `${formatPaise(min)} – ${formatPerHour(max)}`;
