// The zod schemas of money (decision 210): an answer's paise field, a request's paise field and a form's rupee input,
// the last two from one set of rules so the browser and the server refuse the same amounts in the same words. Apart
// from money.ts (the type, the one conversion, the one formatter), which pages that only show prices import without
// zod (decision 199). Written with zod/mini: classic schemas take these as they are.
import { z } from 'zod/mini';
import { MAX_PAISE, rupeesToPaise, type Paise } from './money';

/**
 * An amount in an answer: whole paise, 0 to MAX_PAISE, in a field named `…Paise`. Not branded: an answer's amounts
 * come from the database and from sums, and what reads them only shows them (`formatPaise`). What a person typed
 * becomes `Paise` through the one conversion, and a request's money field (`paiseField`) is `Paise` once parsed.
 */
export const paiseSchema = z.number().check(z.int(), z.minimum(0), z.maximum(MAX_PAISE));

/**
 * The messages and bounds of one money field, shared by the form's rupee input (`rupeesInput`) and the API's paise
 * field (`paiseField`), so the browser and the server refuse the same amounts with the same words.
 */
export interface MoneyRules {
  /** Nothing given. */
  required: string;
  /** Not a number at all ("free", true); `invalid` unless given. */
  notNumber?: string;
  /** A number, but not an amount: finer than a paisa (three decimals in rupees, a fraction of a paisa). */
  invalid: string;
  /** Whole rupees only, with this message for paise. */
  whole?: string;
  /** The least amount in paise (0 unless given), and its message. */
  min?: { paise: number; message: string };
  /** The most in paise (MAX_PAISE unless given), and its message. */
  max?: { paise: number; message: string };
}

/** A money field of a request body: whole paise within the rules' bounds, each refusal with its rule's message. */
export const paiseField = (rules: MoneyRules) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? rules.required : (rules.notNumber ?? rules.invalid)),
    })
    .check(
      z.int(rules.invalid),
      z.minimum(rules.min?.paise ?? 0, rules.min?.message ?? rules.invalid),
      z.maximum(rules.max?.paise ?? MAX_PAISE, rules.max?.message ?? rules.invalid),
      ...(rules.whole ? [z.multipleOf(100, rules.whole)] : []),
    )
    .brand<'Paise'>();

// Decimal text as a number input holds it, to tell "not a number" from "not an amount" (a sign, three decimals).
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;

function readRupees(input: unknown, rules: MoneyRules, optional: boolean, issues: z.core.$ZodRawIssue[]) {
  const given = typeof input === 'string' ? input.trim() : input;
  const fail = (message: string) => {
    issues.push({ code: 'custom', message, input });
    return z.NEVER;
  };
  // NaN is what an empty <input type="number"> reads as a number.
  if (given === '' || given === null || given === undefined || Number.isNaN(given))
    return optional ? null : fail(rules.required);
  const text = typeof given === 'number' ? String(given) : typeof given === 'string' ? given : null;
  const amount = text === null ? null : rupeesToPaise(text);
  if (amount === null) {
    const plain = text?.replace(/^₹\s*/, '').replaceAll(',', '') ?? '';
    const n = DECIMAL.test(plain) ? Number(plain) : NaN;
    if (!Number.isFinite(n)) return fail(rules.notNumber ?? rules.invalid);
    if (n < 0 && rules.min) return fail(rules.min.message);
    if (n * 100 > (rules.max?.paise ?? MAX_PAISE)) return fail(rules.max?.message ?? rules.invalid);
    return fail(rules.invalid);
  }
  if (rules.whole && amount % 100 !== 0) return fail(rules.whole);
  if (rules.min && amount < rules.min.paise) return fail(rules.min.message);
  if (rules.max && amount > rules.max.paise) return fail(rules.max.message);
  return amount;
}

/**
 * A form's rupee input (the text a person types, "1500" or "1500.50"), validated by the field's rules and converted
 * to paise with the one conversion before the form sends it. Forms only: the API takes paise (`paiseField`).
 */
export const rupeesInput = (rules: MoneyRules) =>
  z.pipe(
    z.unknown(),
    z.transform((v: unknown, ctx): Paise => readRupees(v, rules, false, ctx.issues) as Paise),
  );

/** A rupee input that may be left empty: null then. */
export const optionalRupeesInput = (rules: MoneyRules) =>
  z.pipe(
    z.unknown(),
    z.transform((v: unknown, ctx): Paise | null => readRupees(v, rules, true, ctx.issues) as Paise | null),
  );
