// The one way a page (or a part of one) says it could not show what it should: a title, the reason in words, and
// what to do next (by default a Retry button). Errors of a form go to FormAlert; a field's own, beside the field.
import type { ReactNode } from 'react';

/** `level` 1 when the error is the whole page, 2 inside a page with its own title. */
export function ErrorState({
  title = 'Could not load this',
  message,
  onRetry,
  action,
  level = 2,
}: {
  title?: string;
  message: ReactNode;
  onRetry?: () => void;
  /** What to offer instead of Retry (links, a reload). */
  action?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div
      role="alert"
      className="glass mx-auto flex max-w-xl flex-col items-center gap-3 border-danger-400/40 px-6 py-10 text-center"
    >
      <Heading className={level === 1 ? 'heading-2' : 'text-xl font-semibold text-ink-100'}>{title}</Heading>
      <p className="muted text-sm">{message}</p>
      {action ? (
        <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div>
      ) : onRetry ? (
        <button type="button" className="btn-primary mt-2" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  );
}
