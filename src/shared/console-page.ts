// The admin console's lists are paged and searched on the server (issue 25): every list endpoint takes `q` and
// `page` and answers `{ items, page, pageSize, total }`. One query schema and one page shape for all of them.
import { z } from 'zod';
import { queryNumberInput } from './query-numbers';

export const CONSOLE_PAGE_MSG = {
  searchTooLong: 'Search text is too long (200 characters at most)',
  pageInvalid: 'Page must be a whole number from 1',
} as const;

/** How many rows a console list shows a page, unless the list says otherwise. */
export const CONSOLE_PAGE_SIZE = 25;

export const pageField = z
  .preprocess(
    queryNumberInput,
    z
      .number({ error: CONSOLE_PAGE_MSG.pageInvalid })
      .int(CONSOLE_PAGE_MSG.pageInvalid)
      .min(1, CONSOLE_PAGE_MSG.pageInvalid)
      .max(10_000, CONSOLE_PAGE_MSG.pageInvalid),
  )
  .default(1);

export const searchField = z.string().trim().max(200, CONSOLE_PAGE_MSG.searchTooLong).optional().default('');

/** `?q=&page=` of a console list. */
export const consoleListQuerySchema = z.object({ q: searchField, page: pageField });

/** A page of a console list: its rows, which page, its size and how many rows every page holds together. */
export const consolePageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export type ConsolePage<T> = { items: T[]; page: number; pageSize: number; total: number };
