// The contact form's messages: stored, so nothing a visitor writes is lost; read in the admin console.
import type { ContactMessage } from '#shared/admin.ts';
import type { ContactInput } from '#shared/contact.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/mail/service.ts';
import { paths } from '#shared/routes.ts';
import { insertContactMessage, listRecentContactMessages } from './repository';

export async function saveContactMessage(db: DbOrTx, input: ContactInput): Promise<void> {
  await insertContactMessage(db, input);
}

/**
 * Stores the message and queues, in the same transaction, an acknowledgement to the sender and the message
 * itself to the company's inbox (CONTACT_INBOX).
 */
export async function submitContactMessage(
  db: Db,
  ctx: { mailer: Mailer; appOrigin: string; inbox: string },
  input: ContactInput,
) {
  return db.transaction(async (tx) => {
    await saveContactMessage(tx, input);
    await ctx.mailer.enqueue(tx, { to: input.email, template: 'contact-ack', data: { link: ctx.appOrigin } });
    await ctx.mailer.enqueue(tx, {
      to: ctx.inbox,
      template: 'contact-inbox',
      data: {
        name: input.name,
        email: input.email,
        message: input.message,
        link: `${ctx.appOrigin}${paths.admin}`,
      },
    });
  });
}

/** The newest messages first, as the admin inbox shows them. */
export async function listContactMessages(db: DbOrTx, limit = 100): Promise<ContactMessage[]> {
  const rows = await listRecentContactMessages(db, limit);
  return rows.map(({ id, name, email, message, createdAt }) => ({
    id,
    name,
    email,
    message,
    createdAt: createdAt.toISOString(),
  }));
}
