// All SQL of the audit log (decision 032): append and read; the table refuses UPDATE and DELETE itself. Reading
// names who acted and what they acted on (issue 25), looked up at read time so a renamed shark reads as today.
import { count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { containsPattern } from '#server/db/patterns.ts';
import {
  adminAuditLog as log,
  clientRequests,
  engagementMilestones,
  engagements,
  profiles,
  reviews,
  sharkApplications,
  sharkCredentials,
  sharks,
  users,
} from '#server/db/schema.ts';

export type NewAuditEntry = Omit<typeof log.$inferInsert, 'id' | 'createdAt'>;

export async function insertEntry(db: DbOrTx, entry: NewAuditEntry): Promise<void> {
  await db.insert(log).values(entry);
}

/**
 * The target's name: a shark's or a person's name, an application's applicant, a credential, a review, a client
 * request, an engagement's milestone (a dispute ruling). A session
 * is the sessions module's (decision 100): the console links it by id instead.
 */
const targetName = sql<string | null>`CASE ${log.targetType}
  WHEN 'shark' THEN (SELECT s.name FROM ${sharks} s WHERE s.id::text = ${log.targetId})
  WHEN 'user' THEN (SELECT coalesce(p.full_name, u.email) FROM ${users} u LEFT JOIN ${profiles} p ON p.id = u.id
    WHERE u.id::text = ${log.targetId})
  WHEN 'application' THEN (SELECT a.name FROM ${sharkApplications} a WHERE a.id::text = ${log.targetId})
  WHEN 'credential' THEN (SELECT c.name || ' of ' || s.name FROM ${sharkCredentials} c
    JOIN ${sharks} s ON s.id = c.shark_id WHERE c.id::text = ${log.targetId})
  WHEN 'review' THEN (SELECT 'the review of ' || s.name FROM ${reviews} r JOIN ${sharks} s ON s.id = r.shark_id
    WHERE r.id::text = ${log.targetId})
  WHEN 'client_request' THEN (SELECT 'the request “' || cr.title || '”' FROM ${clientRequests} cr
    WHERE cr.id::text = ${log.targetId})
  WHEN 'milestone' THEN (SELECT 'the milestone “' || m.title || '” of “' || e.title || '”'
    FROM ${engagementMilestones} m JOIN ${engagements} e ON e.id = m.engagement_id WHERE m.id::text = ${log.targetId})
END`;

/** The shark whose public profile the target leads to: the shark itself, a shark's account or credential. */
const targetSharkId = sql<string | null>`CASE ${log.targetType}
  WHEN 'shark' THEN (SELECT s.id::text FROM ${sharks} s WHERE s.id::text = ${log.targetId})
  WHEN 'user' THEN (SELECT s.id::text FROM ${sharks} s WHERE s.user_id::text = ${log.targetId} LIMIT 1)
  WHEN 'credential' THEN (SELECT c.shark_id::text FROM ${sharkCredentials} c WHERE c.id::text = ${log.targetId})
  WHEN 'review' THEN (SELECT r.shark_id::text FROM ${reviews} r WHERE r.id::text = ${log.targetId})
END`;

/** Newest first; `q` matches the action, the reason, who acted (name or email) and the target's name. */
export async function listEntries(db: DbOrTx, q: string, limit: number, offset: number) {
  const pattern = containsPattern(q);
  const where = q
    ? or(
        ilike(log.action, pattern),
        ilike(log.reason, pattern),
        ilike(users.email, pattern),
        ilike(profiles.fullName, pattern),
        sql`${targetName} ILIKE ${pattern}`,
      )
    : undefined;
  const [items, [{ total }]] = await Promise.all([
    db
      .select({
        id: log.id,
        actorId: log.actorId,
        actorEmail: users.email,
        actorName: profiles.fullName,
        action: log.action,
        targetType: log.targetType,
        targetId: log.targetId,
        targetName,
        targetSharkId,
        reason: log.reason,
        details: log.details,
        createdAt: log.createdAt,
      })
      .from(log)
      .leftJoin(users, eq(users.id, log.actorId))
      .leftJoin(profiles, eq(profiles.id, log.actorId))
      .where(where)
      .orderBy(desc(log.createdAt), desc(log.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(log)
      .leftJoin(users, eq(users.id, log.actorId))
      .leftJoin(profiles, eq(profiles.id, log.actorId))
      .where(where),
  ]);
  return { items, total: Number(total) };
}
