// Proposals (issue 27): the freelancer's area, one request and its NDA, its proposal; the client's comparison,
// shortlist and accept; the thread of a shortlisted proposal.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FreelancerRequest } from '#shared/client-requests.ts';
import type {
  ClientProposal,
  FreelancerArea,
  OwnProposal,
  ProposalData,
  ProposalMessage,
} from '#shared/proposals.ts';
import { api } from '#web/lib/api-client.ts';
import { engagementKeys, requestKeys } from '#web/features/query-keys/keys.ts';

type Message = { message: string };
const enc = encodeURIComponent;

export const getFreelancerAreaQueryOptions = () =>
  queryOptions({
    queryKey: requestKeys.area,
    queryFn: () => api.get<FreelancerArea>('/api/freelancer/client-requests'),
  });
export const useFreelancerArea = () => useQuery(getFreelancerAreaQueryOptions());

export const useFreelancerRequest = (id: string) =>
  useQuery({
    queryKey: requestKeys.forFreelancer(id),
    queryFn: () =>
      api.get<{ request: FreelancerRequest; proposal: OwnProposal | null }>(
        `/api/freelancer/requests/${enc(id)}`,
      ),
  });

export const useClientProposals = (requestId: string) =>
  useQuery({
    queryKey: requestKeys.proposals(requestId),
    queryFn: () => api.get<ClientProposal[]>(`/api/requests/${enc(requestId)}/proposals`),
  });

export const useProposalMessages = (proposalId: string) =>
  useQuery({
    queryKey: requestKeys.messages(proposalId),
    queryFn: () => api.get<ProposalMessage[]>(`/api/proposals/${enc(proposalId)}/messages`),
  });

/**
 * Every write here changes what both sides' lists show: refresh them all, and the engagements (accepting a
 * proposal starts one, which the request page links to at once).
 */
function useRequestsMutation<T>(fn: (v: T) => Promise<Message>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: requestKeys.all }),
        queryClient.invalidateQueries({ queryKey: engagementKeys.all }),
      ]),
  });
}

export const useAcceptNda = (requestId: string) =>
  useRequestsMutation(() => api.post<Message>(`/api/freelancer/requests/${enc(requestId)}/nda`));
export const useSendProposal = (requestId: string) =>
  useRequestsMutation((body: ProposalData) =>
    api.post<Message>(`/api/freelancer/requests/${enc(requestId)}/proposal`, body),
  );
export const useEditProposal = () =>
  useRequestsMutation(({ id, body }: { id: string; body: ProposalData }) =>
    api.put<Message>(`/api/proposals/${enc(id)}`, body),
  );
export const useProposalAction = () =>
  useRequestsMutation(({ id, action }: { id: string; action: 'withdraw' | 'shortlist' | 'accept' }) =>
    api.post<Message>(`/api/proposals/${enc(id)}/${action}`),
  );
export const useSendProposalMessage = (proposalId: string) =>
  useRequestsMutation((body: string) =>
    api.post<Message>(`/api/proposals/${enc(proposalId)}/messages`, { body }),
  );
