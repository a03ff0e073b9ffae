// Money on the web side (issue 23): a course's quote before booking. The checkout has its own feature.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '#shared/payments.ts';
import { api, withQuery } from '#web/lib/api-client.ts';
import { moneyKeys } from '#web/features/query-keys/keys.ts';

export const getQuoteQueryOptions = (courseId: string, hours: number) =>
  queryOptions({
    queryKey: moneyKeys.quote(courseId, hours),
    queryFn: () => api.get<Quote>(withQuery('/api/bookings/quote', { courseId, hours })),
    staleTime: 60_000,
  });

/** The server's quote (it computes every amount); kept while the next hours' quote loads. */
export const useQuote = (courseId: string, hours: number, enabled: boolean) =>
  useQuery({ ...getQuoteQueryOptions(courseId, hours), enabled, placeholderData: keepPreviousData });
