// How a number in a query string is read (issue 38, finding 7): decimal digits only. Imports nothing, so any
// schema file can take it without pulling more into a page's chunk.

const DIGITS = /^\d+$/;

/**
 * For z.preprocess on a query number: text of decimal digits becomes its number; any other text ('0x10', '0b1',
 * '1e1', '+2', ' 2', '') goes on as it is, so the schema answers it with its own "must be a number" message
 * naming the field. z.coerce.number() read '0x10' as 16, '1e1' as 10 and '' as 0. A number (an object the
 * browser builds) passes as it is. No query number is negative today; a field that needs a minus says so itself.
 */
export const queryNumberInput = (v: unknown) => (typeof v === 'string' && DIGITS.test(v) ? Number(v) : v);
