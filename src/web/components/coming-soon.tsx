// A feature the product has announced but not built yet: says so plainly, with a way onward.
import type { ReactNode } from 'react';

/** `level` 1 when it is the page itself, 2 when it sits inside a page that has its own title. */
export function ComingSoon({
  title,
  children,
  actions,
  level = 1,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="glass relative mx-auto flex max-w-2xl flex-col items-center gap-4 overflow-hidden px-6 py-12 text-center">
      <span className="rounded-full border border-accent-400/40 bg-accent-400/10 px-3 py-1 font-mono text-xs tracking-widest text-accent-300 uppercase">
        Coming soon
      </span>
      <Heading className="heading-2">{title}</Heading>
      {children ? <div className="muted max-w-prose">{children}</div> : null}
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div> : null}
    </div>
  );
}
