// "Be a Shark" applications: submit one (anyone); the admin console lists them.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SharkApplication, SharkApplicationInput } from '#shared/applications.ts';
import { api } from '#web/lib/api-client.ts';

export const submitSharkApplication = (input: SharkApplicationInput) =>
  api.post<{ message: string }>('/api/shark-applications', input);

export const useSubmitSharkApplication = () => useMutation({ mutationFn: submitSharkApplication });

export const applicationKeys = {
  all: ['admin', 'shark-applications'] as const,
};

export const getSharkApplications = () => api.get<SharkApplication[]>('/api/admin/shark-applications');

export const getSharkApplicationsQueryOptions = () =>
  queryOptions({ queryKey: applicationKeys.all, queryFn: getSharkApplications });

export const useSharkApplications = () => useQuery(getSharkApplicationsQueryOptions());
