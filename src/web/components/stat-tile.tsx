// A big figure with its caption (home and services stats), and the dashboards' metric tile.
import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/**
 * One number of a dashboard (learner and shark alike, so both are aligned the same): the figure above its
 * caption, centred; a placeholder while it loads (null).
 */
export function MetricTile({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="glass flex flex-col items-center justify-start gap-1 px-2 py-4 text-center sm:px-4 sm:py-6">
      <dt className="order-2 text-xs text-ink-400 sm:text-sm">{label}</dt>
      <dd className="order-1 text-2xl font-bold text-accent-300 sm:text-3xl">
        {value ?? <Skeleton className="mx-auto h-8 w-12" />}
      </dd>
    </div>
  );
}

export function StatTile({ value, label }: { value: string; label: string }) {
  return (
    <div className="glass flex flex-col items-center justify-center gap-1 px-4 py-6 text-center">
      <dt className="order-2 text-sm text-ink-300">{label}</dt>
      <dd className="order-1 bg-gradient-to-r from-accent-300 to-accent-500 bg-clip-text text-2xl font-bold text-transparent sm:text-4xl">
        {value}
      </dd>
    </div>
  );
}

/** The "In numbers" row of tiles, with its heading for screen readers. */
export function StatsSection({
  id,
  stats,
  className,
}: {
  id: string;
  stats: ReadonlyArray<{ value: string; label: string }>;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="sr-only">
        In numbers
      </h2>
      <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {stats.map((s) => (
          <StatTile key={s.label} value={s.value} label={s.label} />
        ))}
      </dl>
    </section>
  );
}
