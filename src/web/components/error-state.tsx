// A failed load: the reason in words and a Retry button.
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="glass mx-auto flex max-w-xl flex-col items-center gap-3 border-danger-400/40 px-6 py-10 text-center">
      <h2 className="text-xl font-semibold text-ink-100">Could not load this</h2>
      <p className="muted text-sm">{message}</p>
      <button type="button" className="btn-primary mt-2" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
