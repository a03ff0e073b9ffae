// One conversation (issue 39, item 5; decision 212): the thread of a session, of a proposal and of an engagement,
// one implementation parametrized by the thread's kind. It reads a thread in the order of writing, posts a message
// by the body rule of its kind (a session's message with its author's side), keeps a session's mail bookkeeping
// (notified_at), gives the data export an account's own messages and redacts a leaving account's. An engagement's
// thread begins with the messages of the proposal it came from. Who may read or post, and whether a thread is open
// (a closed session, a proposal not yet shortlisted), is decided by the module that owns what the thread belongs
// to, before it calls here: this module imports none of them.
import type { z } from 'zod';
import type { AuthorSide, ThreadKind } from '#shared/conversations.ts';
import { engagementMessageInputSchema } from '#shared/engagements.ts';
import { proposalMessageInputSchema } from '#shared/proposals.ts';
import { sendMessageSchema } from '#shared/sessions.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { fieldError } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import * as repo from './repository';

/** What differs between the kinds: the body's rule (and its words), and how many messages a read returns. */
const RULES: Record<ThreadKind, { body: z.ZodType<{ body: string }, { body: string }>; limit?: number }> = {
  session: { body: sendMessageSchema },
  proposal: { body: proposalMessageInputSchema, limit: 500 },
  engagement: { body: engagementMessageInputSchema, limit: 500 },
};

/** The name a message shows for an author whose account is gone. */
const FORMER_MEMBER = 'Former member';

/**
 * A thread, as its owner names it once it has decided the caller may read it. A session's messages show the names
 * the session knows its two sides by; an engagement's thread begins with its proposal's.
 */
export type Thread =
  | { kind: 'session'; id: string; names: Record<AuthorSide, string> }
  | { kind: 'proposal'; id: string }
  | { kind: 'engagement'; id: string; proposalId: string };

/** One message as a party reads it; each owner's answer picks the fields its contract has. */
export interface ThreadMessage {
  id: string;
  /** The side a session's message was written from; null in the other kinds. */
  author: AuthorSide | null;
  authorName: string;
  body: string;
  createdAt: string;
  /** Written by the viewer. */
  mine: boolean;
  /** The thread the message was written in: an engagement's begins with its proposal's. */
  from: ThreadKind;
}

const authorNameOf = (thread: Thread, row: Pick<repo.MessageRow, 'side' | 'profileName'>) =>
  thread.kind === 'session' && row.side ? thread.names[row.side] : (row.profileName ?? FORMER_MEMBER);

const toMessage = (
  thread: Thread,
  from: ThreadKind,
  viewerId: string,
  row: repo.MessageRow,
): ThreadMessage => ({
  id: row.id,
  author: row.side,
  authorName: authorNameOf(thread, row),
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  mine: row.authorId !== null && row.authorId === viewerId,
  from,
});

/** The thread, oldest first; an engagement's begins with the messages of the proposal it came from. */
export async function readThread(db: DbOrTx, thread: Thread, viewerId: string): Promise<ThreadMessage[]> {
  const parts: { kind: ThreadKind; id: string }[] =
    thread.kind === 'engagement'
      ? [
          { kind: 'proposal', id: thread.proposalId },
          { kind: 'engagement', id: thread.id },
        ]
      : [{ kind: thread.kind, id: thread.id }];
  const messages: ThreadMessage[] = [];
  for (const part of parts)
    for (const row of await repo.listThread(db, part.kind, part.id, RULES[part.kind].limit))
      messages.push(toMessage(thread, part.kind, viewerId, row));
  return messages;
}

/**
 * One message in the thread, by a writer its owner has let post (a session's with the side it writes from), in
 * the caller's transaction. The body follows its kind's rule (trimmed, not empty, not too long), else a 400 on
 * `body`. A session's message waits for the mail of the other side (notified_at).
 */
export async function postMessage(
  db: DbOrTx,
  thread: Thread,
  writer: { userId: string; side?: AuthorSide },
  body: string,
): Promise<ThreadMessage> {
  const parsed = RULES[thread.kind].body.safeParse({ body });
  if (!parsed.success) throw fieldError('body', parsed.error.issues[0]?.message ?? '');
  const side = thread.kind === 'session' ? (writer.side ?? null) : null;
  const saved = await repo.insertMessage(db, thread.kind, thread.id, {
    authorId: writer.userId,
    side,
    body: parsed.data.body,
    createdAt: now(),
  });
  return toMessage(thread, thread.kind, writer.userId, {
    ...saved,
    authorId: writer.userId,
    side,
    profileName: side ? null : await repo.findProfileName(db, writer.userId),
    body: parsed.data.body,
  });
}

/** The messages the account wrote in threads of this kind, oldest first: its data export (never the others'). */
export async function messagesWrittenBy(db: DbOrTx, kind: ThreadKind, userId: string) {
  return (await repo.listWrittenBy(db, kind, userId)).map((m) => ({
    id: m.id,
    threadId: m.threadId,
    author: m.side,
    body: m.body,
    createdAt: m.createdAt.toISOString(),
  }));
}

/** A leaving account's messages in threads of this kind read `redacted` for the other side, in its transaction. */
export async function redactMessagesOf(db: DbOrTx, kind: ThreadKind, userId: string, redacted: string) {
  await repo.redactWrittenBy(db, kind, userId, redacted);
}

/**
 * A session's message mails: each side's unmailed messages of a session whose first is `batchMinutes` old, at
 * most `limit` groups, oldest first. The sessions module writes the mail; this keeps which messages it told of.
 */
export async function dueMessageMails(db: DbOrTx, at: Date, batchMinutes: number, limit: number) {
  return repo.dueUnmailedGroups(db, at, batchMinutes, limit);
}

/** Marks a group's messages mailed at `at` and returns them, oldest first; none when another server took them. */
export async function claimMessageMail(db: DbOrTx, group: repo.UnmailedGroup, at: Date) {
  return repo.claimUnmailed(db, group, at);
}
