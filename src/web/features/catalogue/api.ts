// The public catalogue on the web side: the paged sharks list (Load More), one shark, its courses.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { catalogueKeys, type SharksFilters } from '#shared/catalogue-keys.ts';
import type { PublicCourse, Shark, SharksPage } from '#shared/catalogue.ts';
import { api } from '#web/lib/api-client.ts';

export type { SharksFilters };

/** A page of the list: the first by number; Load More's by the previous page's cursor (decision 196). */
type SharksPageParam = number | { page: number; cursor: string };

export const getSharksPage = (filters: SharksFilters, param: SharksPageParam) =>
  api.get<SharksPage>('/api/sharks', {
    search: filters.search,
    specialization: filters.specialization,
    sort: filters.sort,
    verified: filters.verified ? 'true' : undefined,
    page: typeof param === 'number' ? param : param.page,
    cursor: typeof param === 'number' ? undefined : param.cursor,
  });

/** Each distinct filter set is its own query key, so changing search, filter or sort starts again at page 1. */
export const getSharksQueryOptions = (filters: SharksFilters) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.list(filters),
    queryFn: ({ pageParam }) => getSharksPage(filters, pageParam),
    initialPageParam: 1 as SharksPageParam,
    // Load More continues after the last card shown, so a shark published meanwhile neither repeats nor
    // pushes one out of sight; an older server without cursors is asked for the next page number.
    getNextPageParam: (last): SharksPageParam | undefined =>
      !last.hasMore
        ? undefined
        : last.nextCursor
          ? { page: last.page + 1, cursor: last.nextCursor }
          : last.page + 1,
  });

export const useSharks = (filters: SharksFilters) => useInfiniteQuery(getSharksQueryOptions(filters));

export const getShark = (id: string) => api.get<Shark>(`/api/sharks/${encodeURIComponent(id)}`);

export const getSharkQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.shark(id), queryFn: () => getShark(id) });

export const useShark = (id: string) => useQuery(getSharkQueryOptions(id));

export const getSharkCourses = (id: string) =>
  api.get<PublicCourse[]>(`/api/sharks/${encodeURIComponent(id)}/courses`);

export const getSharkCoursesQueryOptions = (id: string) =>
  queryOptions({ queryKey: catalogueKeys.courses(id), queryFn: () => getSharkCourses(id) });
