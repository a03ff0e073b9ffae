// An empty list or a missing thing: what happened and what to do next.
import type { ReactNode } from 'react';

/** `level` 1 when the empty state is the whole page (e.g. not found), 2 inside a page with its own title. */
export function EmptyState({
  title,
  children,
  action,
  level = 2,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="glass mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className="grid h-12 w-12 place-items-center rounded-full border border-accent-400/40 text-xl text-accent-400"
      >
        ∅
      </span>
      <Heading className="text-xl font-semibold text-ink-100">{title}</Heading>
      {children ? <div className="muted text-sm">{children}</div> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
