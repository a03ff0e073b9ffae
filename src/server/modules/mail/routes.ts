// The dev mailbox: without SMTP every mail lands in the outbox table, and these pages show it so that
// verification and reset links can be followed on a bare machine. Never served in production (404), where
// the links must only reach the mailbox of their owner.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { listOutbox } from './service';

const outboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const routes: FastifyPluginAsyncZod = async (app) => {
  const hidden = () => {
    if (app.config.isProduction) throw notFound(MSG.notFound);
  };

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
        subject: m.subject,
        text: m.text,
        link: m.link,
        createdAt: m.createdAt.toISOString(),
      }));
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    hidden();
    const rows = await listOutbox(app.db);
    const items = rows
      .map(
        (m) => `<li>
  <p class="meta">${escapeHtml(m.createdAt.toISOString())} &middot; to <strong>${escapeHtml(m.toAddress)}</strong></p>
  <h2>${escapeHtml(m.subject)}</h2>
  ${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}
  <pre>${escapeHtml(m.text)}</pre>
</li>`,
      )
      .join('\n');
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox - Shark Security</title>
<style>
body{font-family:system-ui,sans-serif;background:#050b18;color:#e2e8f0;margin:0;padding:1.5rem}
main{max-width:52rem;margin:0 auto}ul{list-style:none;padding:0}
li{background:#0f1b33;border:1px solid #1e3a5f;border-radius:.75rem;padding:1rem;margin:0 0 1rem}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:.25rem 0}.meta{color:#94a3b8;font-size:.85rem;margin:0}
a{color:#22d3ee;word-break:break-all}pre{white-space:pre-wrap;word-break:break-word;font-size:.9rem}
</style></head>
<body><main><h1>Dev mailbox</h1>
<p class="meta">Every mail the app sent while no SMTP server is configured, newest first. Not available in production.</p>
${rows.length ? `<ul>${items}</ul>` : '<p>No mail yet. Sign up or ask for a password reset, and the mail shows here.</p>'}
</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
};
export default routes;
