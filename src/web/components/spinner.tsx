/** A centred spinner with a visible label, for every wait. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[30vh] flex-col items-center justify-center gap-3 text-ink-300"
    >
      <span
        className="h-8 w-8 animate-spin rounded-full border-2 border-accent-400/30 border-t-accent-400"
        aria-hidden="true"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}
