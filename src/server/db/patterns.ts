// LIKE patterns built from what a person typed: `%` and `_` are literal characters, not wildcards.

/** The ILIKE pattern of "contains `text`". */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
