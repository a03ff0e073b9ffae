// "Be a Shark" applications: anyone submits one; the admin console lists and decides them (features/admin).
import { useMutation } from '@tanstack/react-query';
import type { SharkApplicationInput } from '#shared/applications.ts';
import { api } from '#web/lib/api-client.ts';

export const submitSharkApplication = (input: SharkApplicationInput) =>
  api.post<{ message: string }>('/api/shark-applications', input);

export const useSubmitSharkApplication = () => useMutation({ mutationFn: submitSharkApplication });
