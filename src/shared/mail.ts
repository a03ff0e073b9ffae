// The mail delivery log as the admin console sees it (decision 080): every mail with its status, failures first.
import { z } from 'zod';
import { consoleListQuerySchema } from './console-page';

export const MAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_LOG_PAGE_SIZE = 20;

export const MAIL_MESSAGES = {
  retried: 'The mail is queued again.',
  notFound: 'That mail does not exist.',
  notFailed: 'Only a failed mail can be retried.',
} as const;

/** GET /api/admin/mail?q=&page=: `q` finds a mail by its recipient, subject or template. */
export const mailLogQuerySchema = consoleListQuerySchema;

export const mailLogEntrySchema = z.object({
  id: z.uuid(),
  to: z.string(),
  template: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

export const mailLogPageSchema = z.object({
  items: z.array(mailLogEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
});
export type MailLogPage = z.infer<typeof mailLogPageSchema>;
