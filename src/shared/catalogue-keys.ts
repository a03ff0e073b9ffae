// The web app's cache keys for the public catalogue. Shared because the server writes a public page's first
// screen of data into its HTML under these same keys (src/server/modules/catalogue/seo/first-paint.ts), and the web app
// must find it there instead of asking the API again.
import type { SharkSort, Specialization } from './constants';

export interface SharksFilters {
  search: string;
  specialization: Specialization | '';
  sort: SharkSort;
  /** Only sharks with a verified credential (`verified=true` in the URL and the API). */
  verified: boolean;
}

export const catalogueKeys = {
  all: ['sharks'] as const,
  list: (filters: SharksFilters) => ['sharks', 'list', filters] as const,
  shark: (id: string) => ['sharks', 'detail', id] as const,
  courses: (id: string) => ['sharks', 'detail', id, 'courses'] as const,
};

/** One query's data as the server writes it into a page; `infinite` marks a paged list's first page. */
export interface FirstPaintEntry {
  key: readonly unknown[];
  data: unknown;
  infinite?: boolean;
}

/** The id of the JSON block in index.html that carries a page's first-paint data. */
export const FIRST_PAINT_ELEMENT_ID = 'first-paint-data';
