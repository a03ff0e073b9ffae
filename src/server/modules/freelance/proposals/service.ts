// Proposals (issue 27, decision 158): a freelancer proposes once per request (price, days, approach, milestones
// adding up to the price), edits until shortlisted, withdraws; the client compares, shortlists, messages a
// shortlisted freelancer and accepts one, which awards the request and mails the others in one transaction.
import {
  PROPOSAL_MSG,
  type ClientProposal,
  type FreelancerArea,
  type OwnProposal,
} from '#shared/proposals.ts';
import type { ProposalData, ProposalMessage } from '#shared/proposals.ts';
import type { FreelancerRequest } from '#shared/client-requests.ts';
import { paths } from '#shared/routes.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import * as requests from '#server/modules/freelance/client-requests/service.ts';
import * as engagements from '#server/modules/freelance/engagements/service.ts';
import {
  messagesWrittenBy,
  postMessage,
  readThread,
} from '#server/modules/platform/conversations/service.ts';
import { freelancerRatings } from '#server/modules/freelance/freelancers/service.ts';
import * as repo from './repository';

const own = (r: repo.ProposalRow): OwnProposal => ({
  id: r.id,
  requestId: r.requestId,
  pricePaise: r.pricePaise,
  days: r.days,
  approach: r.approach,
  milestones: r.milestones,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

// ---- The freelancer's side ------------------------------------------------

export async function freelancerArea(db: DbOrTx, freelancerId: string): Promise<FreelancerArea> {
  const { services, matching, invitations } = await requests.openRequestsFor(db, freelancerId);
  const mine = await repo.listByFreelancer(db, freelancerId);
  const cards = await requests.requestCards(
    db,
    freelancerId,
    mine.map((p) => p.requestId),
  );
  const proposedOn = new Set(mine.map((p) => p.requestId));
  return {
    services,
    matching: matching.filter((r) => !proposedOn.has(r.id)),
    invitations: invitations.filter((r) => !proposedOn.has(r.id)),
    proposals: mine.flatMap((p) => {
      const request = cards.get(p.requestId);
      return request ? [{ ...own(p), request }] : [];
    }),
  };
}

async function access(db: DbOrTx, freelancerId: string, requestId: string) {
  const proposal = await repo.findByRequestAndFreelancer(db, requestId, freelancerId);
  return {
    proposal,
    access: await requests.freelancerAccess(db, freelancerId, requestId, proposal !== null),
  };
}

export async function requestForFreelancer(
  db: DbOrTx,
  freelancerId: string,
  requestId: string,
): Promise<{ request: FreelancerRequest; proposal: OwnProposal | null }> {
  const a = await access(db, freelancerId, requestId);
  return {
    request: await requests.freelancerView(db, a.access),
    proposal: a.proposal ? own(a.proposal) : null,
  };
}

export async function acceptNda(db: DbOrTx, freelancerId: string, requestId: string): Promise<string> {
  const a = await access(db, freelancerId, requestId);
  return requests.acceptNda(db, a.access, freelancerId);
}

export async function propose(
  db: Db,
  freelancerId: string,
  requestId: string,
  input: ProposalData,
): Promise<OwnProposal> {
  return db.transaction(async (tx) => {
    const a = await access(tx, freelancerId, requestId);
    if (a.proposal) throw conflict(PROPOSAL_MSG.duplicate);
    if (a.access.row.status !== 'open') throw conflict(PROPOSAL_MSG.requestNotOpen);
    if (!requests.scopeOpen(a.access)) throw conflict(PROPOSAL_MSG.ndaFirst);
    const row = await repo.insertProposal(tx, requestId, freelancerId, input);
    if (!row) throw conflict(PROPOSAL_MSG.duplicate);
    return own(row);
  });
}

/** The caller's own proposal, locked; another freelancer's is 404. */
async function ownProposal(tx: DbOrTx, freelancerId: string, id: string) {
  const row = await repo.lockProposal(tx, id);
  if (!row || row.freelancerId !== freelancerId) throw notFound(PROPOSAL_MSG.notFound);
  return row;
}

export async function editProposal(db: Db, freelancerId: string, id: string, input: ProposalData) {
  await db.transaction(async (tx) => {
    const row = await ownProposal(tx, freelancerId, id);
    if (row.status !== 'submitted') throw conflict(PROPOSAL_MSG.notEditable);
    const request = await requests.findRequest(tx, row.requestId);
    // A request hidden as spam (decision 193) is gone for freelancers, its proposals with it.
    if (request?.hiddenAt) throw notFound(PROPOSAL_MSG.notFound);
    if (request?.status !== 'open') throw conflict(PROPOSAL_MSG.requestNotOpen);
    await repo.updateProposal(tx, id, input);
  });
}

export async function withdraw(db: Db, freelancerId: string, id: string) {
  await db.transaction(async (tx) => {
    const row = await ownProposal(tx, freelancerId, id);
    if (row.status !== 'submitted' && row.status !== 'shortlisted')
      throw conflict(PROPOSAL_MSG.notWithdrawable);
    await repo.setStatus(tx, id, 'withdrawn');
  });
}

// ---- The client's side ----------------------------------------------------

export async function proposalsForClient(
  db: DbOrTx,
  auth: AuthContext,
  requestId: string,
): Promise<ClientProposal[]> {
  await requests.clientView(db, auth, requestId);
  const rows = await repo.listForRequest(db, requestId);
  const ids = [...new Set(rows.map((r) => r.freelancerId))];
  const [cardRows, ratings] = await Promise.all([repo.freelancerCards(db, ids), freelancerRatings(db, ids)]);
  const cards = new Map(cardRows.map((c) => [c.freelancerId, c]));
  return rows.map((r) => {
    const card = cards.get(r.freelancerId);
    return {
      ...own(r),
      freelancer: {
        freelancerId: r.freelancerId,
        name: card?.name ?? 'Freelancer',
        headline: card?.headline ?? '',
        verifiedCredentials: card?.verifiedCredentials ?? 0,
        rating: ratings.get(r.freelancerId)?.rating ?? null,
        reviewCount: ratings.get(r.freelancerId)?.reviewCount ?? 0,
      },
    };
  });
}

/** A proposal the caller acts on as the client of its request, both locked; 404 to anyone else. */
async function asClient(tx: DbOrTx, clientId: string, id: string) {
  const proposal = await repo.lockProposal(tx, id);
  if (!proposal) throw notFound(PROPOSAL_MSG.notFound);
  try {
    const request = await requests.lockOwnRequest(tx, clientId, proposal.requestId);
    return { proposal, request };
  } catch {
    throw notFound(PROPOSAL_MSG.notFound);
  }
}

export async function shortlist(db: Db, clientId: string, id: string) {
  await db.transaction(async (tx) => {
    const { proposal, request } = await asClient(tx, clientId, id);
    if (request.status !== 'open' || request.hiddenAt) throw conflict(PROPOSAL_MSG.requestNotOpen);
    if (proposal.status !== 'submitted') throw conflict(PROPOSAL_MSG.notShortlistable);
    await repo.setStatus(tx, id, 'shortlisted');
  });
}

/**
 * Accepting awards the request, starts the engagement (scope and milestones copied, decision 169), marks every
 * other live proposal not chosen and mails their freelancers, in one transaction. Answers the engagement's id.
 */
export async function accept(db: Db, ctx: MailContext, clientId: string, id: string): Promise<string> {
  return db.transaction(async (tx) => {
    const { proposal, request } = await asClient(tx, clientId, id);
    // A request an admin hid as spam (decision 193) starts no engagement.
    if (
      request.status !== 'open' ||
      request.hiddenAt ||
      (proposal.status !== 'submitted' && proposal.status !== 'shortlisted')
    )
      throw conflict(PROPOSAL_MSG.notAcceptable);
    await repo.setStatus(tx, id, 'accepted');
    await requests.award(tx, request, clientId, id);
    const engagement = await engagements.startFromProposal(tx, clientId, { request, proposal });
    const others = await repo.declineOthers(tx, request.id, id);
    const link = `${ctx.appOrigin}${paths.freelancer.clientRequests}`;
    for (const to of await repo.emailsOf(
      tx,
      others.map((o) => o.freelancerId),
    )) {
      await ctx.mailer.enqueue(tx, {
        to: to.email,
        template: 'proposal-not-chosen',
        data: { requestTitle: request.title, link },
      });
    }
    return engagement.id;
  });
}

// ---- The thread between the client and a shortlisted freelancer -----------

/** Its two parties only, once the proposal is shortlisted (or accepted); 404 to anyone else. */
async function thread(db: DbOrTx, userId: string, id: string) {
  const proposal = await repo.findProposal(db, id);
  if (!proposal) throw notFound(PROPOSAL_MSG.notFound);
  const request = await requests.findRequest(db, proposal.requestId);
  if (proposal.freelancerId !== userId && request?.clientId !== userId) throw notFound(PROPOSAL_MSG.notFound);
  return proposal;
}

export async function messages(db: DbOrTx, userId: string, id: string): Promise<ProposalMessage[]> {
  await thread(db, userId, id);
  return (await readThread(db, { kind: 'proposal', id }, userId)).map((msg) => ({
    id: msg.id,
    authorName: msg.authorName,
    mine: msg.mine,
    body: msg.body,
    createdAt: msg.createdAt,
  }));
}

const threadOpen = (p: repo.ProposalRow) => p.status === 'shortlisted' || p.status === 'accepted';

/** A message on a shortlisted or accepted proposal; the engagement's thread begins with these (decision 212). */
export async function sendMessage(db: DbOrTx, userId: string, id: string, body: string) {
  const proposal = await thread(db, userId, id);
  if (!threadOpen(proposal)) throw conflict(PROPOSAL_MSG.messagesClosed);
  await postMessage(db, { kind: 'proposal', id }, { userId }, body);
}

// ---- The account's data export (issue 38) ----------------------------------

/** The proposals the account wrote as a freelancer, with when each was shortlisted and decided. */
export async function exportProposals(db: DbOrTx, freelancerId: string) {
  return (await repo.listForExport(db, freelancerId)).map((r) => ({
    ...own(r),
    shortlistedAt: r.shortlistedAt?.toISOString() ?? null,
    decidedAt: r.decidedAt?.toISOString() ?? null,
  }));
}

/** The messages the account wrote in proposals' threads (as client or freelancer); never the other side's. */
export async function exportProposalMessages(db: DbOrTx, authorId: string) {
  return (await messagesWrittenBy(db, 'proposal', authorId)).map((msg) => ({
    id: msg.id,
    proposalId: msg.threadId,
    body: msg.body,
    createdAt: msg.createdAt,
  }));
}
