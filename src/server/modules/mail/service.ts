// Sends mail. Every mail is recorded in the outbox table; with SMTP_URL it is also sent through nodemailer.
// Without SMTP (development) the outbox is the mailbox: the link is logged and listed at /dev/mailbox.
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { desc, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one action link of the mail (verification, reset), shown in the dev mailbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  return {
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          text: message.text,
          link: message.link ?? null,
        })
        .returning({ id: outbox.id });
      if (!transport) {
        log.info(
          { to: message.to, subject: message.subject, link: message.link },
          'mail stored in the dev outbox (no SMTP_URL)',
        );
        return;
      }
      await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
      await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row.id));
    },
  };
}

/** The dev mailbox: stored mails, newest first, optionally only those to one address. */
export async function listOutbox(db: DbOrTx, opts: { to?: string; limit?: number } = {}) {
  const query = db.select().from(outbox);
  const filtered = opts.to ? query.where(eq(outbox.toAddress, opts.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(outbox.createdAt), desc(outbox.id)).limit(opts.limit ?? 100);
}
