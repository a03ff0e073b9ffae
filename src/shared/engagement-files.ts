// Engagement files (issue 27, decision 180): reports and evidence, PDF or ZIP only, at most 25 MB, kept
// private to the engagement's parties and admins. The texts, once, for the page and the server.
import { z } from 'zod';

export const MAX_ENGAGEMENT_FILE_BYTES = 25 * 1024 * 1024;
export const ENGAGEMENT_FILE_KINDS = ['pdf', 'zip'] as const;
export type EngagementFileKind = (typeof ENGAGEMENT_FILE_KINDS)[number];
/** What the file input offers; the server trusts none of it and reads the bytes. */
export const ENGAGEMENT_FILE_ACCEPT = '.pdf,.zip,application/pdf,application/zip';

export const ENGAGEMENT_FILE_MSG = {
  uploadFailed: 'File upload failed.',
  missing: 'Choose a PDF or ZIP file to upload.',
  tooLarge: 'The file is larger than 25 MB.',
  notAllowed: 'Only PDF and ZIP files can be uploaded.',
  mismatch:
    'The file is not what it claims to be: its contents are not a PDF or ZIP file like its name says.',
  badName: 'The file name is not allowed.',
  unreadable: 'The file could not be read.',
  milestoneNotFound: 'Choose one of this engagement’s milestones.',
  notFound: 'File not found',
  uploaded: 'File uploaded.',
} as const;

export const engagementFileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploaderName: z.string(),
  milestoneId: z.uuid().nullable(),
  milestoneTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type EngagementFile = z.infer<typeof engagementFileSchema>;

export const engagementFileUploadQuerySchema = z.object({
  milestoneId: z.uuid({ error: ENGAGEMENT_FILE_MSG.milestoneNotFound }).optional(),
});

export const engagementFileParamsSchema = z.object({
  id: z.uuid({ error: 'Engagement not found' }),
  fileId: z.uuid({ error: ENGAGEMENT_FILE_MSG.notFound }),
});

/** "2.4 MB", "310 KB": a file's size as the list shows it. */
export function formatFileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
