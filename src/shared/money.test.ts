// Decision 210: money is whole paise, converted once from the rupees a person typed and formatted once.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatPaise,
  formatPerHour,
  formatPerHourRange,
  MAX_PAISE,
  paise,
  paiseToRupees,
  rupeesToPaise,
} from './money';
import { optionalRupeesInput, paiseField, paiseSchema, rupeesInput, type MoneyRules } from './money-schemas';

describe('the one conversion, rupees typed to paise', () => {
  it('reads the decimal text exactly, never as a float', () => {
    expect(rupeesToPaise('1500')).toBe(150_000);
    expect(rupeesToPaise('1500.5')).toBe(150_050);
    expect(rupeesToPaise('1500.50')).toBe(150_050);
    expect(rupeesToPaise('0.01')).toBe(1);
    // 0.29 * 100 is 28.999999999999996 and 1.15 * 100 is 114.99999999999999 in floating point.
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise('1.15')).toBe(115);
    expect(rupeesToPaise(1.15)).toBe(115);
    expect(rupeesToPaise(99_999.99)).toBe(9_999_999);
    expect(rupeesToPaise(' ₹ 1,23,456.78 ')).toBe(12_345_678);
    expect(rupeesToPaise('123,456')).toBe(12_345_600);
    expect(rupeesToPaise('0')).toBe(0);
  });

  it('refuses what is not an amount of rupees with at most two decimals', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '.5', '5.', '1,23', '12,34', '1 500', 'Infinity'])
      expect(rupeesToPaise(text), text).toBeNull();
    expect(rupeesToPaise(0.1 + 0.2)).toBeNull();
    expect(rupeesToPaise(1e21)).toBeNull();
    expect(rupeesToPaise(String(MAX_PAISE / 100 + 1))).toBeNull();
  });

  it('turns paise back into rupee text for an input or an export', () => {
    expect(paiseToRupees(150_000)).toBe('1500');
    expect(paiseToRupees(150_050)).toBe('1500.50');
    expect(paiseToRupees(5)).toBe('0.05');
    expect(paiseToRupees(150_000, { fixed: true })).toBe('1500.00');
    expect(paiseToRupees(-5, { fixed: true })).toBe('-0.05');
    for (const p of [0, 1, 29, 115, 150_050, 9_999_999, MAX_PAISE])
      expect(rupeesToPaise(paiseToRupees(p))).toBe(p);
  });

  it('tags a computed amount only when it is whole paise', () => {
    expect(paise(150_000 * 3)).toBe(450_000);
    expect(() => paise(0.5)).toThrow(RangeError);
    expect(() => paise(Number.NaN)).toThrow(RangeError);
  });
});

describe('the one formatter', () => {
  it('shows whole rupees without decimals and paise with two, grouped the Indian way', () => {
    expect(formatPaise(150_000)).toBe('₹1,500');
    expect(formatPaise(15_000_000)).toBe('₹1,50,000');
    expect(formatPaise(150_050)).toBe('₹1,500.50');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(0)).toBe('₹0');
  });

  it('always shows the paise where accounts are read', () => {
    expect(formatPaise(12_345_600, { exact: true })).toBe('₹1,23,456.00');
    expect(formatPaise(-5_000, { exact: true })).toBe('-₹50.00');
  });

  it('says a price per hour, and a range of them', () => {
    expect(formatPerHour(150_000)).toBe('₹1,500 / hour');
    expect(formatPerHourRange(150_000, 150_000)).toBe('₹1,500 / hour');
    expect(formatPerHourRange(150_000, 300_000)).toBe('₹1,500 – ₹3,000 / hour');
  });
});

const RULES: MoneyRules = {
  required: 'required',
  notNumber: 'not a number',
  invalid: 'finer than a paisa',
  whole: 'whole rupees',
  min: { paise: 100, message: 'too low' },
  max: { paise: 1_000_000, message: 'too high' },
};
const issue = (schema: z.core.$ZodType, value: unknown) =>
  z.safeParse(schema, value).error?.issues[0]?.message;

describe('the schemas', () => {
  it('an answer field is whole, non-negative paise', () => {
    expect(paiseSchema.safeParse(150_050).success).toBe(true);
    expect(paiseSchema.safeParse(0.5).success).toBe(false);
    expect(paiseSchema.safeParse(-1).success).toBe(false);
    expect(paiseSchema.safeParse(MAX_PAISE + 1).success).toBe(false);
  });

  it("a request's money field refuses each thing with its rule's message", () => {
    const field = paiseField(RULES);
    expect(field.parse(150_000)).toBe(150_000);
    expect(issue(field, undefined)).toBe('required');
    expect(issue(field, '1500')).toBe('not a number');
    expect(issue(field, 150.5)).toBe('finer than a paisa');
    expect(issue(field, 150_050)).toBe('whole rupees');
    expect(issue(field, 0)).toBe('too low');
    expect(issue(field, 1_000_100)).toBe('too high');
  });

  it("a form's rupee input converts what a person types, with the same rules", () => {
    const input = rupeesInput(RULES);
    expect(input.parse('1500')).toBe(150_000);
    expect(input.parse(' 2,500 ')).toBe(250_000);
    expect(input.parse(7)).toBe(700);
    expect(issue(input, '')).toBe('required');
    expect(issue(input, Number.NaN)).toBe('required');
    expect(issue(input, 'lots')).toBe('not a number');
    expect(issue(input, '12.345')).toBe('finer than a paisa');
    expect(issue(input, '1500.50')).toBe('whole rupees');
    expect(issue(input, '-5')).toBe('too low');
    expect(issue(input, '0')).toBe('too low');
    expect(issue(input, '10001')).toBe('too high');
    expect(issue(input, '1e9')).toBe('too high');
    const optional = optionalRupeesInput(RULES);
    expect(optional.parse('')).toBeNull();
    expect(optional.parse('5000')).toBe(500_000);
    expect(issue(optional, 'x')).toBe('not a number');
  });

  it('carries its bounds into the API description', () => {
    expect(z.toJSONSchema(z.object({ p: paiseField(RULES) })).properties?.p).toMatchObject({
      type: 'integer',
      minimum: 100,
      maximum: 1_000_000,
      multipleOf: 100,
    });
  });
});
