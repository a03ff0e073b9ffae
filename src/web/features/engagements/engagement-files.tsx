// The files of an engagement (decision 180): reports and evidence, PDF or ZIP up to 25 MB, which its two parties
// upload while it is active and download (with admins) as attachments.
import { useId, useRef, useState } from 'react';
import type { Engagement } from '#shared/engagements.ts';
import {
  ENGAGEMENT_FILE_ACCEPT,
  ENGAGEMENT_FILE_MSG,
  MAX_ENGAGEMENT_FILE_BYTES,
  formatFileSize,
} from '#shared/engagement-files.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { engagementFileHref, useEngagementFiles, useUploadEngagementFile } from './files-api';

export function EngagementFiles({ engagement: e }: { engagement: Engagement }) {
  const id = useId();
  const files = useEngagementFiles(e.id);
  const canUpload = e.viewer !== 'admin' && e.status === 'active';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="heading-3">
        Files
      </h2>
      {files.isError ? (
        <p className="text-sm text-danger-400">{errorMessage(files.error)}</p>
      ) : !files.data ? null : files.data.length === 0 ? (
        <p className="muted text-sm">No reports or evidence yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {files.data.map((f) => (
            <li key={f.id} className="glass flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
              <a
                href={engagementFileHref(e.id, f.id)}
                download={f.name}
                className="font-medium wrap-anywhere text-accent-300 hover:underline"
              >
                {f.name}
              </a>
              <span className="text-ink-300">
                {formatFileSize(f.sizeBytes)} · {f.uploaderName} · {formatDateTime(f.createdAt)}
                {f.milestoneTitle ? ` · ${f.milestoneTitle}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      {canUpload ? <UploadForm engagement={e} /> : null}
    </section>
  );
}

function UploadForm({ engagement: e }: { engagement: Engagement }) {
  const id = useId();
  const toast = useToast();
  const upload = useUploadEngagementFile(e.id);
  const input = useRef<HTMLInputElement>(null);
  const [milestoneId, setMilestoneId] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="glass flex flex-col gap-3 p-4"
      onSubmit={(ev) => {
        ev.preventDefault();
        const file = input.current?.files?.[0];
        if (!file) return setError(ENGAGEMENT_FILE_MSG.missing);
        if (file.size > MAX_ENGAGEMENT_FILE_BYTES) return setError(ENGAGEMENT_FILE_MSG.tooLarge);
        setError(null);
        upload.mutate(
          { file, milestoneId: milestoneId || undefined },
          {
            onSuccess: (r) => {
              toast(r.message, 'success');
              if (input.current) input.current.value = '';
            },
            onError: (err) => setError(errorMessage(err)),
          },
        );
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-medium text-ink-100">
          Report or evidence (PDF or ZIP, up to 25 MB)
        </label>
        <input
          id={`${id}-file`}
          ref={input}
          type="file"
          accept={ENGAGEMENT_FILE_ACCEPT}
          className="input file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-white/10 file:px-3 file:py-1.5 file:font-semibold file:text-ink-100 hover:file:bg-white/15"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      {e.milestones.length ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-milestone`} className="text-sm font-medium text-ink-100">
            Milestone (optional)
          </label>
          <select
            id={`${id}-milestone`}
            className="input"
            value={milestoneId}
            onChange={(ev) => setMilestoneId(ev.target.value)}
          >
            <option value="">None</option>
            {e.milestones.map((m) => (
              <option key={m.id} value={m.id}>
                {m.position}. {m.title}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <button type="submit" className="btn-ghost" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload'}
        </button>
      </div>
    </form>
  );
}
