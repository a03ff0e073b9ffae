// The thread of a shortlisted proposal, between the request's client and the proposal's freelancer, in the one
// thread component (decision 212). Once the proposal is accepted, the engagement's thread begins with these messages.
import { PROPOSAL_MSG, proposalMessageInputSchema } from '#shared/proposals.ts';
import { textWith, Thread } from '#web/features/conversations/thread.tsx';
import { useProposalMessages, useSendProposalMessage } from './api';

export function ProposalThread({ proposalId, with: other }: { proposalId: string; with: string }) {
  const messages = useProposalMessages(proposalId);
  const send = useSendProposalMessage(proposalId);
  return (
    <Thread
      look="card"
      text={textWith(other, PROPOSAL_MSG.messageSent)}
      messages={messages}
      canWrite
      schema={proposalMessageInputSchema}
      send={({ body }) => send.mutateAsync(body)}
    />
  );
}
