// The public catalogue on the web side: the paged sharks list (Load More), one shark, its courses.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { catalogueKeys, type SharksFilters } from '#shared/catalogue-keys.ts';
import type { PublicCourse, Shark, SharksPage } from '#shared/catalogue.ts';
import { api } from '#web/lib/api-client.ts';

export type { SharksFilters };

export const getSharksPage = (filters: SharksFilters, page: number) =>
  api.get<SharksPage>('/api/sharks', {
    search: filters.search,
    specialization: filters.specialization,
    sort: filters.sort,
    verified: filters.verified ? 'true' : undefined,
    page,
  });

/** Each distinct filter set is its own query key, so changing search, filter or sort starts again at page 1. */
export const getSharksQueryOptions = (filters: SharksFilters) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.list(filters),
    queryFn: ({ pageParam }) => getSharksPage(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
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
