// The console's shark applications ("Be a Shark"), newest first, each with its decision.
import { SPECIALIZATION_LABELS, type Specialization } from '#shared/constants.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { formatDateTime, formatYears } from '#web/lib/format.ts';
import { useSharkApplications } from './api';
import { ApplicationActions } from './application-actions';
import { Section, LoadFailed } from '#web/components/console-ui.tsx';

const specLabel = (s: string) =>
  s in SPECIALIZATION_LABELS ? SPECIALIZATION_LABELS[s as Specialization] : s;

export function ApplicationsPanel() {
  const apps = useSharkApplications();
  return (
    <Section title="Shark applications" id="applications-title">
      {apps.isPending ? (
        <Spinner label="Loading applications" />
      ) : apps.isError ? (
        <LoadFailed error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <p className="muted text-sm">No applications yet. Visitors apply at “Be a Shark”.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Applications">
          {apps.data.map((a) => (
            <li key={a.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-ink-100">{a.name}</p>
                <span className="font-mono text-xs text-ink-400">{formatDateTime(a.createdAt)}</span>
              </div>
              <p className="muted text-sm wrap-anywhere">
                <a href={`mailto:${a.email}`} className="text-accent-400 hover:underline">
                  {a.email}
                </a>
              </p>
              <p className="mt-2 text-sm text-ink-300">
                {specLabel(a.specialization)} · {formatYears(a.experience)}
              </p>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{a.motivation}</p>
              {a.links ? (
                <p className="muted mt-2 text-sm wrap-anywhere whitespace-pre-line">{a.links}</p>
              ) : null}
              <ApplicationActions application={a} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
