// Verified credentials (decision 032): the shark's own list in the workspace, and a shark's verified ones in public.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Credential, CredentialInput, PublicCredential } from '#shared/credentials.ts';
import { api } from '#web/lib/api-client.ts';
import { credentialKeys } from '#web/features/query-keys/keys.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';

/**
 * Whose credentials a list or form is for: a shark's workspace (the acting shark, `sharkId` for an admin), or the
 * signed-in freelancer's own (decision 154).
 */
export type CredentialOwner = { kind: 'shark'; sharkId?: string } | { kind: 'freelancer' };
const ownKey = (owner: CredentialOwner) =>
  owner.kind === 'freelancer' ? credentialKeys.freelancer : credentialKeys.own(owner.sharkId);
const ownUrl = (owner: CredentialOwner, id?: string) => {
  const base = owner.kind === 'freelancer' ? '/api/freelancer/credentials' : '/api/workspace/credentials';
  const path = id ? `${base}/${encodeURIComponent(id)}` : base;
  return owner.kind === 'freelancer' ? path : withSharkId(path, owner.sharkId);
};

export const getOwnCredentialsQueryOptions = (owner: CredentialOwner) =>
  queryOptions({
    queryKey: ownKey(owner),
    queryFn: () => api.get<Credential[]>(ownUrl(owner)),
  });
export const useOwnCredentials = (owner: CredentialOwner) => useQuery(getOwnCredentialsQueryOptions(owner));

export const getPublicCredentialsQueryOptions = (sharkId: string) =>
  queryOptions({
    queryKey: credentialKeys.public(sharkId),
    queryFn: () => api.get<PublicCredential[]>(`/api/sharks/${encodeURIComponent(sharkId)}/credentials`),
  });
/** `enabled` is false when the catalogue already says the shark has none: no request on such a profile. */
export const usePublicCredentials = (sharkId: string, enabled = true) =>
  useQuery({ ...getPublicCredentialsQueryOptions(sharkId), enabled });

export function useAddCredential(owner: CredentialOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CredentialInput) =>
      api.post<{ message: string; credential: Credential }>(ownUrl(owner), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownKey(owner) }),
  });
}

export function useRemoveCredential(owner: CredentialOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ message: string }>(ownUrl(owner, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownKey(owner) }),
  });
}

/** POST /api/shark-applications/confirm: the approved applicant with an existing account takes the shark role. */
export const confirmSharkRole = (token: string) =>
  api.post<{ message: string }>('/api/shark-applications/confirm', { token });
export const useConfirmSharkRole = () => useMutation({ mutationFn: confirmSharkRole });
