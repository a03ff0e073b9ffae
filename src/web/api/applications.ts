// "Be a Shark" applications: submit one (anyone); the admin console lists them.
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SharkApplication, SharkApplicationInput } from '../../shared/schemas/applications';
import { api } from './client';

export const submitSharkApplication = (input: SharkApplicationInput) => api.post<{ message: string }>('/api/shark-applications', input);

export const useSubmitSharkApplication = () => useMutation({ mutationFn: submitSharkApplication });

export const getSharkApplications = () => api.get<SharkApplication[]>('/api/admin/shark-applications');

export const getSharkApplicationsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'shark-applications'] as const, queryFn: getSharkApplications });

export const useSharkApplications = () => useQuery(getSharkApplicationsQueryOptions());
