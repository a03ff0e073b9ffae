// Engagements (issue 27, decision 169): the work hired through an accepted proposal. It is created in the
// accept's transaction with the request's scope and the proposal's milestones copied; its client acknowledges
// the rules of engagement before anything is funded or delivered; its two parties (and admins) read it, its
// timeline records every change, and its parties talk in its thread. Anyone else is told it does not exist.
import {
  ENGAGEMENT_MSG,
  milestoneActions,
  ROE_TERMS,
  type Engagement,
  type EngagementCard,
  type EngagementMilestone,
} from '#shared/engagements.ts';
import type { AdminEngagementRow, EngagementStatus } from '#shared/engagements.ts';
import { CONSOLE_PAGE_SIZE, type ConsolePage } from '#shared/console-page.ts';
import type { Asset } from '#shared/client-requests.ts';
import type { Milestone } from '#shared/proposals.ts';
import type { SecurityService } from '#shared/security-services.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import {
  messagesWrittenBy,
  postMessage,
  readThread,
  type Thread,
} from '#server/modules/platform/conversations/service.ts';
import * as repo from './repository';

/** What accepting a proposal hands over: the request's scope and the proposal's price and milestones. */
export interface AcceptedProposal {
  request: {
    id: string;
    clientId: string;
    title: string;
    service: SecurityService;
    description: string;
    assets: Asset[];
    windowFrom: string;
    windowTo: string;
  };
  proposal: { id: string; freelancerId: string; pricePaise: number; days: number; milestones: Milestone[] };
}

/** Creates the engagement of an accepted proposal, in the accept's transaction. */
export async function startFromProposal(tx: DbOrTx, actorId: string, a: AcceptedProposal) {
  const row = await repo.insertEngagement(tx, {
    requestId: a.request.id,
    proposalId: a.proposal.id,
    clientId: a.request.clientId,
    freelancerId: a.proposal.freelancerId,
    title: a.request.title,
    service: a.request.service,
    description: a.request.description,
    assets: a.request.assets,
    windowFrom: a.request.windowFrom,
    windowTo: a.request.windowTo,
    pricePaise: a.proposal.pricePaise,
    days: a.proposal.days,
  });
  await repo.insertMilestones(tx, row.id, a.proposal.milestones);
  await repo.insertEvent(tx, { engagementId: row.id, actorId, kind: 'created' });
  return row;
}

export type Side = 'client' | 'freelancer' | 'admin';

/** The engagement and the caller's side; 404 to anyone but its two parties and admins. */
export async function access(db: DbOrTx, auth: AuthContext, id: string, lock = false) {
  const row = await repo.findEngagement(db, id, lock);
  const side: Side | null = !row
    ? null
    : row.clientId === auth.user.id
      ? 'client'
      : row.freelancerId === auth.user.id
        ? 'freelancer'
        : auth.roles.includes('admin')
          ? 'admin'
          : null;
  if (!row || !side) throw notFound(ENGAGEMENT_MSG.notFound);
  return { row, side };
}

/** The engagement as a party (not an admin) acts on it; 404 to anyone else. */
export async function asParty(db: DbOrTx, auth: AuthContext, id: string, lock = false) {
  const a = await access(db, auth, id, lock);
  if (a.side === 'admin') throw notFound(ENGAGEMENT_MSG.notFound);
  return a as { row: repo.EngagementRow; side: 'client' | 'freelancer' };
}

/** A change on the engagement's timeline, written by another module in its own transaction (a file upload). */
export const recordEvent = repo.insertEvent;

/** The milestone of this engagement with that id, or null. */
export async function milestoneOf(db: DbOrTx, engagementId: string, milestoneId: string) {
  const list = await repo.listMilestones(db, engagementId);
  return list.find((m) => m.id === milestoneId) ?? null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A milestone as it stands: what the engagement's page and the parties' data export both show of it. */
const milestoneRecord = (
  m: Pick<
    repo.MilestoneRow,
    | 'id'
    | 'position'
    | 'title'
    | 'amountPaise'
    | 'status'
    | 'fundedAt'
    | 'deliveredAt'
    | 'approvedAt'
    | 'changesNote'
    | 'disputeNote'
  >,
) => ({
  id: m.id,
  position: m.position,
  title: m.title,
  amountPaise: m.amountPaise,
  status: m.status,
  fundedAt: iso(m.fundedAt),
  deliveredAt: iso(m.deliveredAt),
  approvedAt: iso(m.approvedAt),
  changesNote: m.changesNote,
  disputeNote: m.disputeNote,
});

export const milestoneView = (m: repo.MilestoneRow, side: Side, active: boolean): EngagementMilestone => ({
  ...milestoneRecord(m),
  autoApproveAt: iso(m.autoApproveAt),
  actions: active ? milestoneActions(m.status, side) : [],
});

/** What was hired, as the engagement's page and the parties' data export both show it. */
const scopeOf = (row: {
  id: string;
  requestId: string;
  proposalId: string;
  title: string;
  service: SecurityService;
  description: string;
  assets: Asset[];
  windowFrom: string;
  windowTo: string;
  pricePaise: number;
  days: number;
  status: EngagementStatus;
}) => ({
  id: row.id,
  requestId: row.requestId,
  proposalId: row.proposalId,
  title: row.title,
  service: row.service,
  description: row.description,
  assets: row.assets,
  windowFrom: row.windowFrom,
  windowTo: row.windowTo,
  pricePaise: row.pricePaise,
  days: row.days,
  status: row.status,
});

/**
 * The engagement's thread in the conversations module (decision 212): it begins with the messages its two parties
 * wrote on the proposal it came from.
 */
const threadOf = (row: repo.EngagementRow): Thread => ({
  kind: 'engagement',
  id: row.id,
  proposalId: row.proposalId,
});

export async function view(db: DbOrTx, auth: AuthContext, id: string): Promise<Engagement> {
  const { row, side } = await access(db, auth, id);
  const [milestones, events, messages, names] = await Promise.all([
    repo.listMilestones(db, id),
    repo.listEvents(db, id),
    readThread(db, threadOf(row), auth.user.id),
    repo.namesOf(db, [
      row.clientId,
      row.freelancerId,
      ...(row.roeAcknowledgedBy ? [row.roeAcknowledgedBy] : []),
    ]),
  ]);
  return {
    ...scopeOf(row),
    client: { id: row.clientId, name: names.get(row.clientId) ?? 'Client' },
    freelancer: { id: row.freelancerId, name: names.get(row.freelancerId) ?? 'Freelancer' },
    viewer: side,
    roe:
      row.roeAcknowledgedAt && row.roeTerms
        ? {
            terms: row.roeTerms,
            acknowledgedAt: row.roeAcknowledgedAt.toISOString(),
            acknowledgedBy: names.get(row.roeAcknowledgedBy ?? '') ?? 'Client',
          }
        : null,
    milestones: milestones.map((m) => milestoneView(m, side, row.status === 'active')),
    messages: messages.map((m) => ({
      id: m.id,
      authorName: m.authorName,
      mine: m.mine,
      body: m.body,
      createdAt: m.createdAt,
      from: m.from === 'proposal' ? ('proposal' as const) : ('engagement' as const),
    })),
    events: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      actorName: e.actorName,
      milestoneTitle: e.milestoneTitle,
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The client's rules-of-engagement acknowledgement: once, with the time and the user, before any work. */
export async function acknowledgeRoe(db: Db, auth: AuthContext, id: string) {
  await db.transaction(async (tx) => {
    const { row, side } = await asParty(tx, auth, id, true);
    if (side !== 'client') throw notFound(ENGAGEMENT_MSG.notFound);
    if (row.roeAcknowledgedAt) throw conflict(ENGAGEMENT_MSG.roeAlready);
    if (row.status !== 'active') throw conflict(ENGAGEMENT_MSG.closed);
    const at = now();
    await repo.setRoe(tx, id, auth.user.id, ROE_TERMS, at);
    await repo.insertEvent(tx, { engagementId: id, actorId: auth.user.id, kind: 'roe_acknowledged', at });
  });
}

export async function sendMessage(db: DbOrTx, auth: AuthContext, id: string, body: string) {
  const { row } = await asParty(db, auth, id);
  await postMessage(db, threadOf(row), { userId: auth.user.id }, body);
}

// ---- The account's data export (issue 38) ----------------------------------

/**
 * The engagements the account is a party to, its role in each, their scope and milestones as both parties see
 * them, and its rules-of-engagement acknowledgement.
 */
export async function exportEngagements(db: DbOrTx, userId: string) {
  const rows = await repo.listForExport(db, userId);
  const milestones = await repo.listMilestonesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...scopeOf(row),
    role: row.clientId === userId ? ('client' as const) : ('freelancer' as const),
    roeTerms: row.roeTerms,
    roeAcknowledgedAt: iso(row.roeAcknowledgedAt),
    milestones: milestones.filter((m) => m.engagementId === row.id).map(milestoneRecord),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** The messages the account wrote in its engagements' threads; never the other side's. */
export async function exportEngagementMessages(db: DbOrTx, authorId: string) {
  return (await messagesWrittenBy(db, 'engagement', authorId)).map((m) => ({
    id: m.id,
    engagementId: m.threadId,
    body: m.body,
    createdAt: m.createdAt,
  }));
}

/** The admin console's Engagements list (decision 194): every engagement matching `q` and `status`, a page. */
export async function adminEngagementPage(
  db: DbOrTx,
  filter: { q: string; status?: EngagementStatus },
  page: number,
): Promise<ConsolePage<AdminEngagementRow>> {
  const { rows, total } = await repo.pageForAdmin(
    db,
    filter,
    CONSOLE_PAGE_SIZE,
    (page - 1) * CONSOLE_PAGE_SIZE,
  );
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}

/** The caller's engagements (as client or freelancer), or only those it works on as a freelancer. */
export async function listMine(
  db: DbOrTx,
  userId: string,
  onlyAsFreelancer = false,
): Promise<EngagementCard[]> {
  const rows = await repo.listForUser(db, userId, onlyAsFreelancer);
  const names = await repo.namesOf(db, [
    ...new Set(rows.flatMap((r) => [r.row.clientId, r.row.freelancerId])),
  ]);
  return rows.map(({ row, approved, total }) => {
    const role = row.freelancerId === userId ? ('freelancer' as const) : ('client' as const);
    const counterpart = role === 'client' ? row.freelancerId : row.clientId;
    return {
      id: row.id,
      requestId: row.requestId,
      proposalId: row.proposalId,
      role,
      title: row.title,
      status: row.status,
      pricePaise: row.pricePaise,
      counterpartName: names.get(counterpart) ?? 'Member',
      milestonesApproved: Number(approved),
      milestonesTotal: Number(total),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** An account's engagements as a deletion must know them (issue 38): they are both sides' records. */
export const countEngagementsOfAccount = (db: DbOrTx, userId: string) =>
  repo.countEngagementsOfAccount(db, userId);
