// Verified credentials (decision 032): the shark's own list in the workspace, and a shark's verified ones in public.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Credential, CredentialInput, PublicCredential } from '#shared/credentials.ts';
import { api } from '#web/lib/api-client.ts';
import { credentialKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

export const getOwnCredentialsQueryOptions = (sharkId?: string) =>
  queryOptions({
    queryKey: credentialKeys.own(sharkId),
    queryFn: () => api.get<Credential[]>(withSharkId('/api/workspace/credentials', sharkId)),
  });
export const useOwnCredentials = (sharkId?: string) => useQuery(getOwnCredentialsQueryOptions(sharkId));

export const getPublicCredentialsQueryOptions = (sharkId: string) =>
  queryOptions({
    queryKey: credentialKeys.public(sharkId),
    queryFn: () => api.get<PublicCredential[]>(`/api/sharks/${encodeURIComponent(sharkId)}/credentials`),
  });
/** `enabled` is false when the catalogue already says the shark has none: no request on such a profile. */
export const usePublicCredentials = (sharkId: string, enabled = true) =>
  useQuery({ ...getPublicCredentialsQueryOptions(sharkId), enabled });

export function useAddCredential(sharkId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CredentialInput) =>
      api.post<{ message: string; credential: Credential }>(
        withSharkId('/api/workspace/credentials', sharkId),
        input,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.own(sharkId) }),
  });
}

export function useRemoveCredential(sharkId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<{ message: string }>(withSharkId(`/api/workspace/credentials/${id}`, sharkId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.own(sharkId) }),
  });
}

/** POST /api/shark-applications/confirm: the approved applicant with an existing account takes the shark role. */
export const confirmSharkRole = (token: string) =>
  api.post<{ message: string }>('/api/shark-applications/confirm', { token });
export const useConfirmSharkRole = () => useMutation({ mutationFn: confirmSharkRole });
