// Mail's pages and endpoints:
// - the dev mailbox (/dev/mailbox, /api/dev/outbox): every mail of the delivery log with both parts and its
//   link, and a preview of every template, so verification and reset links can be followed on a bare machine.
//   Never served in production (404), where the links must only reach the mailbox of their owner.
// - the admin's delivery log (/api/admin/mail): failures first, and a retry for a failed mail.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { idParams } from '#server/http/params.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { MAIL_LOG_PAGE_SIZE, MAIL_MESSAGES, mailLogPageSchema, mailLogQuerySchema } from '#shared/mail.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import {
  attachmentSize,
  attachmentsOf,
  listOutbox,
  mailExists,
  mailLogPage,
  retryFailedMail,
} from './service';
import { MAIL_TEMPLATES, renderMail, sampleData, type MailTemplate } from './templates';

const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  template: z.string(),
  status: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  link: z.string().nullable(),
  /** The files it carries, by name and size (the bytes stay in the log). */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })),
  createdAt: z.string(),
});

/** "15.2 kB": an attachment's size on the dev mailbox page. */
const sizeText = (bytes: number) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} kB`);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#050b18;color:#e2e8f0;margin:0;padding:1.5rem}
main{max-width:52rem;margin:0 auto}ul{list-style:none;padding:0}
li.mail{background:#0f1b33;border:1px solid #1e3a5f;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:.25rem 0}.meta{color:#94a3b8;font-size:.85rem;margin:0}
a{color:#22d3ee;word-break:break-all}pre{white-space:pre-wrap;word-break:break-word;font-size:.9rem}
iframe{width:100%;height:32rem;border:0;border-radius:.5rem;background:#fff}
details{margin:.5rem 0}summary{cursor:pointer;color:#94a3b8}.previews{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;padding:0;margin:.5rem 0 1rem;list-style:none}
.previews li{white-space:nowrap}`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Shark Security</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>`;

const routes: FastifyPluginAsyncZod = async (app) => {
  const hidden = () => {
    if (app.config.isProduction) throw notFound(COMMON_MSG.notFound);
  };
  const adminOnly = app.requireRole('admin');

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(outboxMailSchema), 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      hidden();
      reply.header('cache-control', 'no-store');
      const rows = await listOutbox(app.db, { to: req.query.to });
      return rows.map((m) => ({
        id: m.id,
        to: m.toAddress,
        template: m.template,
        status: m.status,
        subject: m.subject,
        text: m.text,
        html: m.html,
        link: m.link,
        attachments: attachmentsOf(m).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: attachmentSize(a),
        })),
        createdAt: m.createdAt.toISOString(),
      }));
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    hidden();
    const rows = await listOutbox(app.db);
    const items = rows
      .map(
        (m) => `<li class="mail">
  <p class="meta">${escapeHtml(m.createdAt.toISOString())} &middot; to <strong>${escapeHtml(m.toAddress)}</strong> &middot; ${escapeHtml(m.template)} &middot; ${escapeHtml(m.status)}</p>
  <h2>${escapeHtml(m.subject)}</h2>
  ${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
  ${attachmentsOf(m)
    .map((a) =>
      // A text file (a calendar entry) is shown; bytes (a PDF) only by name and size.
      a.encoding === 'base64'
        ? `<p class="meta">Attached: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)}, ${sizeText(attachmentSize(a))})</p>`
        : `<details><summary>Attached: ${escapeHtml(a.filename)} (${escapeHtml(a.contentType)})</summary><pre>${escapeHtml(a.content)}</pre></details>`,
    )
    .join('')}
  ${m.html ? `<details><summary>HTML part</summary><iframe sandbox title="HTML part of ${escapeHtml(m.subject)}" srcdoc="${escapeHtml(m.html)}"></iframe></details>` : ''}
</li>`,
      )
      .join('\n');
    const previews = MAIL_TEMPLATES.map(
      (t) =>
        `<li><a href="/dev/mailbox/preview/${t}">${t}</a> (<a href="/dev/mailbox/preview/${t}?part=text">text</a>)</li>`,
    ).join('');
    const html = page(
      'Dev mailbox',
      `<h1>Dev mailbox</h1>
<p class="meta">Every mail the app sent while no SMTP server is configured, newest first. Not available in production.</p>
<p class="meta">Preview a template (HTML, or its text part):</p>
<ul class="previews meta">${previews}</ul>
${rows.length ? `<ul>${items}</ul>` : '<p>No mail yet. Sign up or ask for a password reset, and the mail shows here.</p>'}`,
    );
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });

  app.get(
    '/dev/mailbox/preview/:template',
    {
      schema: {
        hide: true,
        params: z.object({ template: z.enum(MAIL_TEMPLATES, { error: COMMON_MSG.notFound }) }),
        querystring: z.object({ part: z.enum(['html', 'text']).default('html') }),
      },
    },
    async (req, reply) => {
      hidden();
      const template: MailTemplate = req.params.template;
      const mail = await renderMail(template, sampleData(app.config.appOrigin)[template] as never);
      reply.header('cache-control', 'no-store');
      if (req.query.part === 'text') return reply.type('text/plain; charset=utf-8').send(mail.text);
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );

  app.get(
    '/api/admin/mail',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: mailLogQuerySchema,
        response: { 200: mailLogPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { page: n, q } = req.query;
      const { items, total, failed } = await mailLogPage(app.db, q, n, MAIL_LOG_PAGE_SIZE);
      const iso = (d: Date | null) => (d ? d.toISOString() : null);
      return {
        items: items.map((m) => ({
          id: m.id,
          to: m.toAddress,
          template: m.template,
          subject: m.subject,
          status: m.status,
          attempts: m.attempts,
          lastError: m.lastError,
          createdAt: m.createdAt.toISOString(),
          updatedAt: m.updatedAt.toISOString(),
          sentAt: iso(m.sentAt),
          failedAt: iso(m.failedAt),
        })),
        page: n,
        pageSize: MAIL_LOG_PAGE_SIZE,
        total,
        failed,
      };
    },
  );

  app.post(
    '/api/admin/mail/:id/retry',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: idParams(COMMON_MSG.notFound),
        response: {
          200: messageSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const row = await retryFailedMail(app.db, app.jobs, req.params.id);
      if (!row) {
        if (await mailExists(app.db, req.params.id))
          throw conflict(MAIL_MESSAGES.notFailed, ERROR_CODE.mailNotFailed);
        throw notFound(MAIL_MESSAGES.notFound);
      }
      return { message: MAIL_MESSAGES.retried };
    },
  );
};
export default routes;
