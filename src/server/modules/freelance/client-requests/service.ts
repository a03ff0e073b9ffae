// Client requests (issue 27, decision 157): any signed-in account posts a request; its life follows one table of
// transitions; freelancers see it by service or invitation, and the scope only after a required NDA.
import {
  NDA_TERMS,
  REQUEST_MSG,
  REQUEST_TRANSITIONS,
  looksLikeSecret,
  type AdminRequestRow,
  type FreelancerRequest,
  type MyRequest,
  type RequestCard,
  type RequestData,
  type RequestDetail,
  type RequestStatus,
} from '#shared/client-requests.ts';
import { CONSOLE_PAGE_SIZE, type ConsolePage } from '#shared/console-page.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, fieldError, notFound } from '#server/http/errors.ts';
import { todayIn } from '#server/time.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import * as repo from './repository';

const iso = (d: Date) => d.toISOString();

/** Refuses what a request must never hold or say: secrets, a past deadline or testing window. */
function checkRequest(input: RequestData, timeZone: string, existing?: repo.RequestRow) {
  if (looksLikeSecret(input.title)) throw fieldError('title', REQUEST_MSG.secretsRefused);
  if (looksLikeSecret(input.description)) throw fieldError('description', REQUEST_MSG.secretsRefused);
  input.assets.forEach((a, i) => {
    if (looksLikeSecret(a.identifier)) throw fieldError(`assets.${i}.identifier`, REQUEST_MSG.secretsRefused);
  });
  const today = todayIn(timeZone);
  if (input.deadline < today) throw fieldError('deadline', REQUEST_MSG.deadlinePast);
  // An open request keeps the window it was posted with, even once its first day has passed.
  if (input.windowFrom < today && input.windowFrom !== existing?.windowFrom)
    throw fieldError('windowFrom', REQUEST_MSG.windowPast);
}

const values = (input: RequestData) => ({
  title: input.title,
  service: input.service,
  description: input.description,
  assets: input.assets,
  windowFrom: input.windowFrom,
  windowTo: input.windowTo,
  budgetMinPaise: input.budgetMinPaise,
  budgetMaxPaise: input.budgetMaxPaise,
  deadline: input.deadline,
  ndaRequired: input.ndaRequired,
  visibility: input.visibility,
});

export async function createRequest(
  db: Db,
  clientId: string,
  input: RequestData,
  publish: boolean,
  timeZone: string,
): Promise<{ id: string; message: string }> {
  checkRequest(input, timeZone);
  const status: RequestStatus = publish ? 'open' : 'draft';
  return db.transaction(async (tx) => {
    const row = await repo.insertRequest(tx, { ...values(input), clientId, status });
    await repo.insertCreatedEvent(tx, row.id, clientId, status);
    return { id: row.id, message: publish ? REQUEST_MSG.posted : REQUEST_MSG.created };
  });
}

/** The request if the caller is its client; 404 for anyone else (an admin only reads, through `detailFor`). */
async function ownRequest(db: DbOrTx, clientId: string, id: string, lock = false) {
  const row = lock ? await repo.lockRequest(db, id) : await repo.findRequest(db, id);
  if (!row || row.clientId !== clientId) throw notFound(REQUEST_MSG.notFound);
  return row;
}

export async function updateRequest(
  db: Db,
  clientId: string,
  id: string,
  input: RequestData,
  timeZone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, clientId, id, true);
    if (row.status !== 'draft' && row.status !== 'open') throw conflict(REQUEST_MSG.notEditable);
    checkRequest(input, timeZone, row);
    await repo.updateRequest(tx, id, values(input));
  });
}

const isoOrNull = (d: Date | null) => (d ? iso(d) : null);

export async function listMyRequests(db: DbOrTx, clientId: string): Promise<MyRequest[]> {
  return (await repo.listByClient(db, clientId)).map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    hiddenAt: isoOrNull(r.hiddenAt),
  }));
}

/** The requests the account posted, as its client sees them, with the NDA's text where one is required. */
export async function exportClientRequests(db: DbOrTx, clientId: string) {
  return (await repo.listForExport(db, clientId)).map((row) => ({
    id: row.id,
    title: row.title,
    service: row.service,
    description: row.description,
    assets: row.assets,
    windowFrom: row.windowFrom,
    windowTo: row.windowTo,
    budgetMinPaise: row.budgetMinPaise,
    budgetMaxPaise: row.budgetMaxPaise,
    deadline: row.deadline,
    visibility: row.visibility,
    ndaRequired: row.ndaRequired,
    ndaTerms: row.ndaRequired ? NDA_TERMS : null,
    status: row.status,
    hiddenAt: isoOrNull(row.hiddenAt),
    hiddenReason: row.hiddenReason,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

/** The admin console's Requests list: every client's requests matching `q`, a page at a time. */
export async function adminRequestPage(
  db: DbOrTx,
  q: string,
  page: number,
): Promise<ConsolePage<AdminRequestRow>> {
  const { rows, total } = await repo.pageForAdmin(db, q, CONSOLE_PAGE_SIZE, (page - 1) * CONSOLE_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      ...row,
      clientName: row.clientName ?? 'A client',
      createdAt: iso(row.createdAt),
      hiddenAt: isoOrNull(row.hiddenAt),
    })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}

/**
 * An admin hides a spam request with a reason, or shows it again (decision 193), audit-logged in the same
 * transaction. Hidden, it leaves every freelancer's lists and its page answers them 404; its client still sees it.
 */
export async function setHidden(
  db: Db,
  adminId: string,
  id: string,
  input: { hidden: boolean; reason: string },
): Promise<string> {
  await db.transaction(async (tx) => {
    const row = await repo.lockRequest(tx, id);
    if (!row) throw notFound(REQUEST_MSG.notFound);
    if (input.hidden && row.hiddenAt) throw conflict(REQUEST_MSG.alreadyHidden, ERROR_CODE.alreadyHidden);
    if (!input.hidden && !row.hiddenAt) throw conflict(REQUEST_MSG.notHidden, ERROR_CODE.notHidden);
    await repo.setHidden(tx, id, input.hidden ? { reason: input.reason } : null);
    await recordAudit(tx, {
      actorId: adminId,
      action: input.hidden ? 'client_request.hide' : 'client_request.unhide',
      targetType: 'client_request',
      targetId: id,
      reason: input.reason,
      details: { title: row.title, clientId: row.clientId },
    });
  });
  return input.hidden ? REQUEST_MSG.hidden : REQUEST_MSG.unhidden;
}

export async function listInvitable(db: DbOrTx, clientId: string) {
  return repo.listInvitable(db, clientId);
}

/** Whether the caller may read the request as its client: its client, or an admin. */
export async function clientView(db: DbOrTx, auth: AuthContext, id: string) {
  const row = await repo.findRequest(db, id);
  const isClient = row?.clientId === auth.user.id;
  if (!row || (!isClient && !auth.roles.includes('admin'))) throw notFound(REQUEST_MSG.notFound);
  return { row, isClient };
}

export async function detailFor(db: DbOrTx, auth: AuthContext, id: string): Promise<RequestDetail> {
  const { row, isClient } = await clientView(db, auth, id);
  const invited = await repo.listInvited(db, id);
  return {
    ...summary(row),
    hiddenAt: isoOrNull(row.hiddenAt),
    hiddenReason: row.hiddenReason,
    description: row.description,
    assets: row.assets,
    windowFrom: row.windowFrom,
    windowTo: row.windowTo,
    ndaTerms: row.ndaRequired ? NDA_TERMS : null,
    allowed: isClient ? REQUEST_TRANSITIONS[row.status].filter((s) => s !== 'awarded') : [],
    invited: invited.map((i) => ({ ...i, invitedAt: iso(i.invitedAt) })),
    viewerIsClient: isClient,
  };
}

const summary = (row: repo.RequestRow) => ({
  id: row.id,
  title: row.title,
  service: row.service,
  budgetMinPaise: row.budgetMinPaise,
  budgetMaxPaise: row.budgetMaxPaise,
  deadline: row.deadline,
  status: row.status,
  ndaRequired: row.ndaRequired,
  visibility: row.visibility,
  createdAt: iso(row.createdAt),
});

/** The client moves its request along the table (open, close, cancel); every change is recorded. */
export async function transition(
  db: Db,
  clientId: string,
  id: string,
  to: RequestStatus,
  timeZone: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await ownRequest(tx, clientId, id, true);
    if (!REQUEST_TRANSITIONS[row.status].includes(to) || to === 'awarded')
      throw conflict(REQUEST_MSG.transitionRefused(row.status, to));
    // A draft opens only while its deadline is still ahead.
    if (to === 'open' && row.deadline < todayIn(timeZone))
      throw fieldError('deadline', REQUEST_MSG.deadlinePast);
    await repo.setStatus(tx, id, row.status, to, clientId);
  });
}

/** Invites the freelancer whose public profile id is `profileId` (the id /freelancers/:id shows). */
export async function invite(db: Db, clientId: string, id: string, profileId: string): Promise<string> {
  const row = await ownRequest(db, clientId, id);
  if (row.status !== 'draft' && row.status !== 'open') throw conflict(REQUEST_MSG.inviteClosed);
  if (row.hiddenAt) throw conflict(REQUEST_MSG.hiddenInviteRefused);
  const freelancer = await repo.findFreelancerByProfileId(db, profileId);
  if (!freelancer) throw notFound(REQUEST_MSG.freelancerNotFound);
  if (freelancer.userId === clientId) throw fieldError('freelancerId', REQUEST_MSG.inviteSelf);
  await repo.insertInvitation(db, id, freelancer.userId);
  return REQUEST_MSG.invited(freelancer.name);
}

// ---- The freelancer's side ------------------------------------------------

export interface FreelancerAccess {
  row: repo.RequestRow;
  invited: boolean;
  ndaAcceptedAt: Date | null;
}

/**
 * The request as a freelancer may reach it: never a draft or its own; an invited-only one only when invited or
 * once it proposed (`hasProposal`). Anything else is 404, as if it did not exist. A request no longer open
 * stays readable, so a proposal on it gets its own clear refusal.
 */
export async function freelancerAccess(
  db: DbOrTx,
  freelancerId: string,
  id: string,
  hasProposal: boolean,
): Promise<FreelancerAccess> {
  const row = await repo.findRequest(db, id);
  if (!row || row.status === 'draft' || row.hiddenAt || row.clientId === freelancerId)
    throw notFound(REQUEST_MSG.notFound);
  const invited = await repo.isInvited(db, id, freelancerId);
  const visible = invited || hasProposal || row.visibility === 'everyone';
  if (!visible) throw notFound(REQUEST_MSG.notFound);
  const nda = row.ndaRequired ? await repo.findNdaAcceptance(db, id, freelancerId) : null;
  return { row, invited, ndaAcceptedAt: nda?.acceptedAt ?? null };
}

/** The scope is served only where no NDA is required or this freelancer accepted it. */
export const scopeOpen = (a: FreelancerAccess) => !a.row.ndaRequired || a.ndaAcceptedAt !== null;

export async function freelancerView(db: DbOrTx, a: FreelancerAccess): Promise<FreelancerRequest> {
  const { row } = a;
  return {
    ...summary(row),
    clientName: await repo.findClientName(db, row.clientId),
    invited: a.invited,
    ndaTerms: row.ndaRequired ? NDA_TERMS : null,
    ndaAcceptedAt: a.ndaAcceptedAt ? iso(a.ndaAcceptedAt) : null,
    scope: scopeOpen(a)
      ? {
          description: row.description,
          assets: row.assets,
          windowFrom: row.windowFrom,
          windowTo: row.windowTo,
        }
      : null,
  };
}

export async function acceptNda(db: DbOrTx, a: FreelancerAccess, freelancerId: string): Promise<string> {
  if (!a.row.ndaRequired) throw conflict(REQUEST_MSG.ndaNotRequired);
  await repo.insertNdaAcceptance(db, a.row.id, freelancerId, NDA_TERMS);
  return REQUEST_MSG.ndaAccepted;
}

const card = (r: Awaited<ReturnType<typeof repo.listCards>>[number]): RequestCard => ({
  ...r,
  createdAt: iso(r.createdAt),
});

/** Open requests in the freelancer's services (open to every freelancer) or inviting it. */
export async function openRequestsFor(db: DbOrTx, freelancerId: string) {
  const services = await repo.findFreelancerServices(db, freelancerId);
  const rows = (await repo.listOpenFor(db, freelancerId, services)).map(card);
  return { services, matching: rows.filter((r) => !r.invited), invitations: rows.filter((r) => r.invited) };
}

export async function requestCards(db: DbOrTx, freelancerId: string, ids: string[]) {
  return new Map((await repo.listCards(db, freelancerId, ids)).map((r) => [r.id, card(r)]));
}

/** The request of a proposal the caller acts on as its client, locked; 404 when it is not the caller's. */
export async function lockOwnRequest(tx: DbOrTx, clientId: string, id: string) {
  return ownRequest(tx, clientId, id, true);
}

export async function findRequest(db: DbOrTx, id: string) {
  return repo.findRequest(db, id);
}

/** Accepting a proposal awards its open request (the only way to `awarded`). */
export async function award(tx: DbOrTx, row: repo.RequestRow, actorId: string, proposalId: string) {
  await repo.setStatus(tx, row.id, row.status, 'awarded', actorId, `proposal ${proposalId} accepted`);
}
