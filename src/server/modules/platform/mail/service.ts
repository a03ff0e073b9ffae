// Mail (decision 080): every mail is a job. enqueueMail writes the delivery-log row and its pg-boss job in the
// caller's transaction, so a mail exists exactly when the change that causes it commits; the request never
// waits for SMTP. A worker renders the template and sends it: nodemailer over SMTP_URL, or without SMTP the
// dev outbox (the row is the mail: logged with its link and listed at /dev/mailbox). Failed attempts are
// retried with exponential backoff; after the last one the row is `failed` with the SMTP error.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pRetry from 'p-retry';
import nodemailer from 'nodemailer';
import type { JobWithMetadata } from 'pg-boss';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import {
  adminEmails,
  countAttempt,
  findMail,
  insertMail,
  listMails,
  markAttemptFailed,
  markSent,
  pageMailLog,
  requeueFailedMail,
  type MailRow,
} from './repository';
import {
  mailContent,
  MAIL_TEMPLATES,
  renderMail,
  type MailAttachment,
  type MailData,
  type MailTemplate,
} from './templates';

/** A file sent with a mail that its template cannot make itself (a payment's PDF receipt), as base64. */
export interface MailFile {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export type MailRequest = {
  [K in MailTemplate]: { to: string; template: K; data: MailData[K]; attachments?: MailFile[] };
}[MailTemplate];

/**
 * Where a request's files live in its delivery-log row: beside the template's data, in the row's JSON, so every
 * attempt and an admin's retry send the same bytes. The key is one no template's data uses.
 */
const FILES_KEY = '_attachments';

/** What a service needs to mail a link: the mailer and the public origin that links in mail point to. */
export interface MailContext {
  mailer: Mailer;
  appOrigin: string;
}

export interface Mailer {
  /** Queues a mail within `db`: pass the transaction of the change that causes it. Returns the mail's id. */
  enqueue(db: DbOrTx, mail: MailRequest): Promise<string>;
}

type Enqueue = Pick<JobQueue, 'enqueue'>;

/** Writes the delivery-log row and its job in `db` (the caller's transaction). */
export async function enqueueMail(db: DbOrTx, queue: Enqueue, mail: MailRequest): Promise<string> {
  const content = mailContent(mail.template, mail.data as never);
  const id = randomUUID();
  const jobId = randomUUID();
  await insertMail(db, {
    id,
    toAddress: mail.to.trim().toLowerCase(),
    template: mail.template,
    data: {
      ...(mail.data as unknown as Record<string, unknown>),
      ...(mail.attachments?.length ? { [FILES_KEY]: mail.attachments } : {}),
    },
    subject: content.subject,
    link: content.action?.url ?? null,
    jobId,
  });
  await queue.enqueue(db, 'mail', { mailId: id }, { id: jobId });
  return id;
}

export function createMailer(queue: Enqueue): Mailer {
  return { enqueue: (db, mail) => enqueueMail(db, queue, mail) };
}

/** The admins who get notices (a new shark application). */
export const listAdminEmails = adminEmails;

const isTemplate = (t: string): t is MailTemplate => (MAIL_TEMPLATES as readonly string[]).includes(t);

/** Both parts of a logged mail: as sent, or rendered now from its template while it is still queued. */
export async function partsOf(row: MailRow): Promise<{ subject: string; html: string | null; text: string }> {
  if (row.text !== null && (row.html !== null || !isTemplate(row.template)))
    return { subject: row.subject, html: row.html, text: row.text };
  if (!isTemplate(row.template)) return { subject: row.subject, html: null, text: row.text ?? '' };
  const rendered = await renderMail(row.template, row.data as never);
  return { subject: rendered.subject, html: rendered.html, text: rendered.text };
}

/**
 * The files a logged mail carries: those its template builds again from its data (a session's .ics), then those
 * its request brought (a receipt's PDF).
 */
export function attachmentsOf(row: MailRow): MailAttachment[] {
  const built = isTemplate(row.template)
    ? (mailContent(row.template, row.data as never).attachments ?? [])
    : [];
  const files = (row.data[FILES_KEY] ?? []) as MailFile[];
  return [
    ...built,
    ...files.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.contentBase64,
      encoding: 'base64' as const,
    })),
  ];
}

/** An attachment's size in bytes, as it reaches the recipient. */
export const attachmentSize = (a: MailAttachment) =>
  a.encoding === 'base64' ? Buffer.from(a.content, 'base64').length : Buffer.byteLength(a.content);

/** The Message-ID header of a logged mail: its id, so every attempt of one mail carries the same one. */
export const messageIdOf = (mailId: string, host: string) => `<${mailId}@${host}>`;

/** The worker's side: sends one mail of the log. Throws on failure so pg-boss retries it. */
export function createMailDelivery(opts: { config: Config; db: Db; log: FastifyBaseLogger }) {
  const { config, db, log } = opts;
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  const messageIdHost = new URL(config.appOrigin).hostname;
  return async function deliver(
    job: Pick<JobWithMetadata<{ mailId: string }>, 'data' | 'retryCount' | 'retryLimit'>,
  ) {
    const row = await findMail(db, job.data.mailId);
    // Gone (its account was deleted) or already sent (a retry after a crash between send and completion).
    if (!row || row.status === 'sent') return;
    await countAttempt(db, row.id);
    let parts: Awaited<ReturnType<typeof partsOf>>;
    try {
      parts = await partsOf(row);
      const attachments = attachmentsOf(row);
      if (transport) {
        await transport.sendMail({
          from: config.MAIL_FROM,
          to: row.toAddress,
          // One Message-ID per mail of the log, the same on every attempt: a resend after a crash between the
          // SMTP server's accept and markSent is the same message, which mail stores fold (decision 081).
          messageId: messageIdOf(row.id, messageIdHost),
          subject: parts.subject,
          text: parts.text,
          ...(parts.html ? { html: parts.html } : {}),
          ...(attachments.length ? { attachments } : {}),
        });
      } else {
        log.info(
          { to: row.toAddress, subject: parts.subject, link: row.link },
          'mail stored in the dev outbox (no SMTP_URL)',
        );
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = job.retryCount >= job.retryLimit;
      await markAttemptFailed(db, row.id, message, final);
      log.warn({ mailId: row.id, attempt: job.retryCount + 1, final, err: message }, 'mail delivery failed');
      throw err;
    }
    // The SMTP server holds the mail now. Failing the job here would send it again, so recording the send is
    // retried in place while the database is away for a moment (a restart, a failover): the soak of issue 28
    // saw a mail delivered twice across a PostgreSQL restart (decision 200). Only a crash of this process
    // before the record lands still resends, the same message by its Message-ID.
    await pRetry(() => markSent(db, row.id, parts), {
      ...recordRetry,
      onFailedAttempt: ({ error, attemptNumber }) =>
        log.warn(
          { mailId: row.id, attempt: attemptNumber, err: error.message },
          'mail sent, not yet recorded',
        ),
    });
  };
}

/** How recording a sent mail is retried: waits of 0.5 s doubling to 30 s, 92 s in all, inside the job's 300 s expiry. */
const recordRetry = { retries: 8, factor: 2, minTimeout: 500, maxTimeout: 30_000 };

/** The dev mailbox's list: newest first, both parts of every mail. */
export async function listOutbox(db: DbOrTx, opts: { to?: string; limit?: number } = {}) {
  const rows = await listMails(db, opts);
  return Promise.all(rows.map(async (row) => ({ ...row, ...(await partsOf(row)) })));
}

/** The admin's delivery log page. */
export function mailLogPage(db: DbOrTx, q: string, page: number, pageSize: number) {
  return pageMailLog(db, q, page, pageSize);
}

/** Queues a failed mail again (admin). Null when there is no failed mail with that id. */
export async function retryFailedMail(db: Db, queue: Enqueue, id: string): Promise<MailRow | null> {
  return db.transaction(async (tx) => {
    const jobId = randomUUID();
    const row = await requeueFailedMail(tx, id, jobId);
    if (!row) return null;
    await queue.enqueue(tx, 'mail', { mailId: id }, { id: jobId });
    return row;
  });
}

/** Whether a mail with that id exists: a refused retry is a 409 for a mail that is not failed, a 404 otherwise. */
export const mailExists = async (db: Db, id: string) => (await findMail(db, id)) !== null;
