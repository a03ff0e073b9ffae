// A console list's states, once (decision 174): loading, a load error with Retry, empty (searched or not), the
// count line, the rows and the pager. The freelance marketplace's tabs (decision 194) render through it.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ConsolePage } from '#shared/console-page.ts';
import { LoadFailed, Pager } from '#web/components/console-ui.tsx';
import { Spinner } from '#web/components/spinner.tsx';

export function ConsoleList<T>({
  query,
  keyOf,
  noun,
  searched,
  empty,
  page,
  onPage,
  children,
}: {
  query: UseQueryResult<ConsolePage<T>>;
  /** A row's React key: its id. */
  keyOf: (item: T) => string;
  /** What a row is, singular and plural: ['client request', 'client requests']. */
  noun: readonly [string, string];
  /** Whether a search (or a filter) narrows the list. */
  searched: boolean;
  /** What an empty, unsearched list says. */
  empty: string;
  page: number;
  onPage: (page: number) => void;
  children: (item: T) => ReactNode;
}) {
  const [one, many] = noun;
  if (query.isPending) return <Spinner label={`Loading ${many}`} />;
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  const { items, total, pageSize } = query.data;
  if (items.length === 0)
    return <p className="muted text-sm">{searched ? `No ${one} matches this search.` : empty}</p>;
  const label = many.charAt(0).toUpperCase() + many.slice(1);
  return (
    <>
      <p className="muted text-sm" role="status">
        {total === 1 ? `1 ${one}` : `${total} ${many}`}
        {searched ? (total === 1 ? ' matches this search' : ' match this search') : ''}
      </p>
      <ul className="mt-3 flex flex-col divide-y divide-white/10" aria-label={label}>
        {items.map((item) => (
          <li key={keyOf(item)} className="flex flex-col gap-1 py-3 text-sm">
            {children(item)}
          </li>
        ))}
      </ul>
      <Pager label={`${label} pages`} page={page} total={total} pageSize={pageSize} onPage={onPage} />
    </>
  );
}
