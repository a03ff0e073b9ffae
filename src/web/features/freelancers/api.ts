// A freelancer's own profile, and the public directory of published freelancers (issue 27).
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { FreelancerSort } from '#shared/freelancers-texts.ts';
import type { SecurityService } from '#shared/security-services.ts';
import type { FreelancerEarnings } from '#shared/engagements.ts';
import type {
  FreelancerBalance,
  FreelancerProfileUpdate,
  FreelancerProfileView,
  FreelancersPage,
  PublicFreelancer,
} from '#shared/freelancers.ts';
import { api } from '#web/lib/api-client.ts';
import { freelancerKeys } from '#web/features/query-keys/keys.ts';

export const getFreelancerProfile = () => api.get<FreelancerProfileView>('/api/freelancer/profile');

export const getFreelancerProfileQueryOptions = () =>
  queryOptions({ queryKey: freelancerKeys.profile, queryFn: getFreelancerProfile });

export const useFreelancerProfile = (enabled = true) =>
  useQuery({ ...getFreelancerProfileQueryOptions(), enabled });

export const updateFreelancerProfile = (input: FreelancerProfileUpdate) =>
  api.put<FreelancerProfileView>('/api/freelancer/profile', input);

export function useUpdateFreelancerProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFreelancerProfile,
    onSuccess: (profile) => {
      qc.setQueryData(freelancerKeys.profile, profile);
      // The directory and the public profile show what was just saved.
      void qc.invalidateQueries({ queryKey: freelancerKeys.public });
    },
  });
}

export interface FreelancersFilters {
  search: string;
  service: SecurityService | '';
  skill: string;
  sort: FreelancerSort;
  verified: boolean;
}

export const getFreelancersPage = (filters: FreelancersFilters, page: number) =>
  api.get<FreelancersPage>('/api/freelancers', {
    search: filters.search || undefined,
    service: filters.service || undefined,
    skill: filters.skill || undefined,
    sort: filters.sort,
    verified: filters.verified ? 'true' : undefined,
    page,
  });

/** Each filter set is its own key, so changing one starts again at page 1. */
export const useFreelancers = (filters: FreelancersFilters) =>
  useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: freelancerKeys.list(filters),
      queryFn: ({ pageParam }) => getFreelancersPage(filters, pageParam),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    }),
  );

export const usePublicFreelancer = (id: string) =>
  useQuery({
    queryKey: freelancerKeys.one(id),
    queryFn: () => api.get<PublicFreelancer>(`/api/freelancers/${encodeURIComponent(id)}`),
  });

/** The freelancer's earnings (issue 27): what the ledger owes it, pending and available. */
export const useFreelancerBalance = () =>
  useQuery({
    queryKey: freelancerKeys.balance,
    queryFn: () => api.get<FreelancerBalance>('/api/freelancer/balance'),
  });

/** The earnings page (issue 27): the balance with what was paid out, and a line per paid milestone. */
export const useFreelancerEarningLines = () =>
  useQuery({
    queryKey: freelancerKeys.earnings,
    queryFn: () => api.get<FreelancerEarnings>('/api/freelancer/earnings'),
  });
