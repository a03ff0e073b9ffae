// A freelancer's own profile (name, skills).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreelancerProfile, FreelancerProfileInput } from '#shared/freelancers.ts';
import { api } from '#web/lib/api-client.ts';
import { freelancerKeys } from '#web/features/query-keys/keys.ts';

export const getFreelancerProfile = () => api.get<FreelancerProfile>('/api/freelancer/profile');

export const getFreelancerProfileQueryOptions = () =>
  queryOptions({ queryKey: freelancerKeys.profile, queryFn: getFreelancerProfile });

export const useFreelancerProfile = (enabled = true) =>
  useQuery({ ...getFreelancerProfileQueryOptions(), enabled });

export const updateFreelancerProfile = (input: FreelancerProfileInput) =>
  api.put<FreelancerProfile>('/api/freelancer/profile', input);

export function useUpdateFreelancerProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateFreelancerProfile,
    onSuccess: (profile) => qc.setQueryData(freelancerKeys.profile, profile),
  });
}
