// The consoles' small parts (the admin console and its finance section): a titled section, a state badge, a
// search box, a state filter, a pager and a load error.
import type { ReactNode } from 'react';
import { ErrorState } from '#web/components/error-state.tsx';
import { errorMessage } from '#web/lib/api-client.ts';

export function Section({
  title,
  id,
  intro,
  children,
}: {
  title: string;
  id: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="glass p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-100">
        {title}
      </h2>
      {intro ? <p className="muted mt-1 text-sm">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export function Badge({ tone, children }: { tone: 'ok' | 'warn' | 'bad' | 'muted'; children: ReactNode }) {
  const cls = {
    ok: 'border-success-400/40 text-success-400',
    warn: 'border-warning-400/40 text-warning-400',
    bad: 'border-danger-400/40 text-danger-400',
    muted: 'border-white/15 text-ink-300',
  }[tone];
  return <span className={`rounded-full border px-2 py-0.5 text-xs ${cls}`}>{children}</span>;
}

export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-ink-300">
      {label}
      <input type="search" className="input" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A list's state filter: "any" (the empty value) or one of `options`, each shown by its label. */
export function StateSelect<T extends string>({
  value,
  options,
  labels,
  anyLabel,
  onChange,
}: {
  value: T | '';
  options: readonly T[];
  labels: Record<T, string>;
  anyLabel: string;
  onChange: (v: T | '') => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-ink-300">
      State
      <select className="input" value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        <option value="">{anyLabel}</option>
        {options.map((s) => (
          <option key={s} value={s}>
            {labels[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Pager({
  page,
  total,
  pageSize,
  onPage,
  label,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (p: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button
        type="button"
        className="btn-ghost py-1.5"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span className="text-ink-300">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn-ghost py-1.5"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
}
