// The contact form's messages: stored, so nothing a visitor writes is lost; read in the admin console.
import type { ContactMessage } from '#shared/admin.ts';
import type { ContactInput } from '#shared/contact.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { Mailer } from '#server/modules/platform/mail/service.ts';
import { paths } from '#shared/routes.ts';
import { CONSOLE_PAGE_SIZE, type ConsolePage } from '#shared/console-page.ts';
import { insertContactMessage, pageContactMessages } from './repository';

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

/** A page of the admin inbox, newest first; `q` searches the sender's name and email and the message. */
export async function contactMessagePage(
  db: DbOrTx,
  q: string,
  page: number,
): Promise<ConsolePage<ContactMessage>> {
  const { rows, total } = await pageContactMessages(db, q, CONSOLE_PAGE_SIZE, (page - 1) * CONSOLE_PAGE_SIZE);
  return {
    items: rows.map(({ id, name, email, message, createdAt }) => ({
      id,
      name,
      email,
      message,
      createdAt: createdAt.toISOString(),
    })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}
