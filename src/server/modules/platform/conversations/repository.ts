// All SQL of the threads (issue 39, item 5; decision 212): booking_messages, proposal_messages and
// engagement_messages are read and written here and nowhere else. One query per question, the table chosen by the
// thread's kind; the three tables keep their columns (a session's message also has its author's side and when the
// other side was mailed about it).
import { and, asc, eq, isNull, lte, min, sql } from 'drizzle-orm';
import type { AuthorSide, ThreadKind } from '#shared/conversations.ts';
import type { DbOrTx } from '#server/db/client.ts';
import {
  bookingMessages as bm,
  engagementMessages as em,
  profiles,
  proposalMessages as pm,
} from '#server/db/schema.ts';

/** Each kind's table, the column naming its thread and the column naming its author's account. */
const TABLES = {
  session: { t: bm, thread: bm.bookingId, authorId: bm.authorUserId },
  proposal: { t: pm, thread: pm.proposalId, authorId: pm.authorId },
  engagement: { t: em, thread: em.engagementId, authorId: em.authorId },
} as const;

/** A session's message records its author's side; the other kinds know their authors by account only. */
const sideOf = (kind: ThreadKind) => (kind === 'session' ? bm.author : sql<AuthorSide | null>`NULL`);

export interface MessageRow {
  id: string;
  authorId: string | null;
  side: AuthorSide | null;
  /** The author's profile name; null for a former member. */
  profileName: string | null;
  body: string;
  createdAt: Date;
}

/** A thread in the order of writing: by instant, then by `seq` for two rows of one instant (decision 202). */
export async function listThread(
  db: DbOrTx,
  kind: ThreadKind,
  threadId: string,
  limit?: number,
): Promise<MessageRow[]> {
  const { t, thread, authorId } = TABLES[kind];
  const q = db
    .select({
      id: t.id,
      authorId,
      side: sideOf(kind),
      profileName: profiles.fullName,
      body: t.body,
      createdAt: t.createdAt,
    })
    .from(t)
    .leftJoin(profiles, eq(profiles.id, authorId))
    .where(eq(thread, threadId))
    .orderBy(asc(t.createdAt), asc(t.seq))
    .$dynamic();
  return limit === undefined ? q : q.limit(limit);
}

/** The name an account's messages show in a proposal's or an engagement's thread; null without a profile. */
export async function findProfileName(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, userId));
  return row?.name ?? null;
}

export interface NewMessage {
  authorId: string;
  /** A session's message only: the side its author writes as. */
  side: AuthorSide | null;
  body: string;
  createdAt: Date;
}

export async function insertMessage(
  db: DbOrTx,
  kind: ThreadKind,
  threadId: string,
  m: NewMessage,
): Promise<{ id: string; createdAt: Date }> {
  const common = { body: m.body, createdAt: m.createdAt };
  switch (kind) {
    case 'session': {
      if (!m.side) throw new Error("A session's message is written by its learner or its shark");
      const values = { ...common, bookingId: threadId, author: m.side, authorUserId: m.authorId };
      const [row] = await db.insert(bm).values(values).returning({ id: bm.id, createdAt: bm.createdAt });
      return row;
    }
    case 'proposal': {
      const values = { ...common, proposalId: threadId, authorId: m.authorId };
      const [row] = await db.insert(pm).values(values).returning({ id: pm.id, createdAt: pm.createdAt });
      return row;
    }
    case 'engagement': {
      const values = { ...common, engagementId: threadId, authorId: m.authorId };
      const [row] = await db.insert(em).values(values).returning({ id: em.id, createdAt: em.createdAt });
      return row;
    }
  }
}

/** The messages the account wrote in threads of this kind, oldest first (its data export). */
export async function listWrittenBy(db: DbOrTx, kind: ThreadKind, userId: string) {
  const { t, thread, authorId } = TABLES[kind];
  return db
    .select({ id: t.id, threadId: thread, side: sideOf(kind), body: t.body, createdAt: t.createdAt })
    .from(t)
    .where(eq(authorId, userId))
    .orderBy(asc(t.createdAt), asc(t.seq));
}

/** Replaces the text of every message the account wrote in threads of this kind (a leaving account). */
export async function redactWrittenBy(db: DbOrTx, kind: ThreadKind, userId: string, redacted: string) {
  switch (kind) {
    case 'session':
      await db.update(bm).set({ body: redacted }).where(eq(bm.authorUserId, userId));
      return;
    case 'proposal':
      await db.update(pm).set({ body: redacted }).where(eq(pm.authorId, userId));
      return;
    case 'engagement':
      await db.update(em).set({ body: redacted }).where(eq(em.authorId, userId));
      return;
  }
}

// ---- A session's message mails: each side's unmailed messages, once the first is `batchMinutes` old ----------
// Only a session's thread mails the other side (booking_messages.notified_at); the other kinds have no mail yet.

export interface UnmailedGroup {
  bookingId: string;
  author: AuthorSide;
}

export async function dueUnmailedGroups(
  db: DbOrTx,
  at: Date,
  batchMinutes: number,
  limit: number,
): Promise<UnmailedGroup[]> {
  const oldest = new Date(at.getTime() - batchMinutes * 60_000);
  return db
    .select({ bookingId: bm.bookingId, author: bm.author })
    .from(bm)
    .where(isNull(bm.notifiedAt))
    .groupBy(bm.bookingId, bm.author)
    .having(lte(min(bm.createdAt), oldest))
    .orderBy(asc(min(bm.createdAt)))
    .limit(limit);
}

/** Marks a group's messages mailed and returns them, oldest first (none when another server took them). */
export async function claimUnmailed(db: DbOrTx, group: UnmailedGroup, at: Date) {
  const rows = await db
    .update(bm)
    .set({ notifiedAt: at })
    .where(
      and(
        eq(bm.bookingId, group.bookingId),
        eq(bm.author, group.author),
        isNull(bm.notifiedAt),
        lte(bm.createdAt, at),
      ),
    )
    .returning({ id: bm.id, body: bm.body, createdAt: bm.createdAt });
  return rows.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id.localeCompare(y.id));
}
