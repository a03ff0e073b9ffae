// A big figure with its caption (home and services stats).
export function StatTile({ value, label }: { value: string; label: string }) {
  return (
    <div className="glass flex flex-col items-center justify-center gap-1 px-4 py-6 text-center">
      <dt className="order-2 text-sm text-ink-300">{label}</dt>
      <dd className="order-1 bg-gradient-to-r from-accent-300 to-accent-500 bg-clip-text text-2xl font-bold text-transparent sm:text-4xl">{value}</dd>
    </div>
  );
}

/** The "In numbers" row of tiles, with its heading for screen readers. */
export function StatsSection({ id, stats, className }: { id: string; stats: ReadonlyArray<{ value: string; label: string }>; className?: string }) {
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
