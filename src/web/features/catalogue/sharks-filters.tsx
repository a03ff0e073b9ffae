// The toolbar above the sharks list: debounced search, specialization filter, sort and "Verified only". On a
// phone the three filters fold behind a "Filters" button (a disclosure saying how many are active), so the
// results come first; from the sm breakpoint up they are always shown.
import { useEffect, useId, useRef, useState } from 'react';
import {
  DEFAULT_SHARK_SORT,
  SHARK_SORT_LABELS,
  SHARK_SORTS,
  SPECIALIZATION_LABELS,
  SPECIALIZATIONS,
  type SharkSort,
  type Specialization,
} from '#shared/constants.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import type { SharksFilters } from './api';

export const SEARCH_DEBOUNCE_MS = 300;

export function SharksFiltersBar({
  filters,
  urlSearch,
  onChange,
}: {
  filters: SharksFilters;
  /** The search text as it stands in the URL (it may change from outside, e.g. the navbar search). */
  urlSearch: string;
  onChange: (patch: Partial<SharksFilters>) => void;
}) {
  const [text, setText] = useState(urlSearch);
  const lastSent = useRef(urlSearch);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active =
    (filters.specialization ? 1 : 0) +
    (filters.sort !== DEFAULT_SHARK_SORT ? 1 : 0) +
    (filters.verified ? 1 : 0);

  // The URL changed from outside (navbar search, back button): show what it now says.
  useEffect(() => {
    if (urlSearch !== lastSent.current) {
      lastSent.current = urlSearch;
      setText(urlSearch);
    }
  }, [urlSearch]);

  // Wait for a pause in typing before querying the server.
  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onChange({ search: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  return (
    <div
      role="search"
      aria-label="Find a shark"
      className="glass grid gap-3 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end lg:grid-cols-[1fr_auto_auto_auto]"
    >
      <div>
        <label htmlFor="sharks-search" className="label">
          Search by name or bio
        </label>
        <input
          id="sharks-search"
          type="search"
          className="input"
          placeholder="e.g. cloud, forensics, Ananya..."
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      <button
        type="button"
        className="btn-ghost inline-flex min-h-11 items-center justify-center gap-2 sm:hidden"
        aria-label={active ? `${CATALOGUE_MSG.filters}, ${active} active` : CATALOGUE_MSG.filters}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {CATALOGUE_MSG.filters}
        {active ? (
          <span className="rounded-full bg-accent-400 px-2 text-xs font-semibold text-ink-950">{active}</span>
        ) : null}
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {/* On a phone a panel of its own, shown when opened; from sm up its children sit in the toolbar's grid. */}
      <div id={panelId} className={`${open ? 'grid' : 'hidden'} gap-3 sm:contents`}>
        <div>
          <label htmlFor="sharks-specialization" className="label">
            Specialization
          </label>
          <select
            id="sharks-specialization"
            className="input sm:w-52"
            value={filters.specialization}
            onChange={(e) => onChange({ specialization: e.target.value as Specialization | '' })}
          >
            <option value="">All specializations</option>
            {SPECIALIZATIONS.map((s) => (
              <option key={s} value={s}>
                {SPECIALIZATION_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="sharks-sort" className="label">
            Sort by
          </label>
          <select
            id="sharks-sort"
            className="input sm:w-48"
            value={filters.sort}
            onChange={(e) => onChange({ sort: e.target.value as SharkSort })}
          >
            {SHARK_SORTS.map((s) => (
              <option key={s} value={s}>
                {SHARK_SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <label
          htmlFor="sharks-verified"
          className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink-100 sm:col-span-3 lg:col-span-1"
        >
          <input
            id="sharks-verified"
            type="checkbox"
            className="size-4 accent-accent-400"
            checked={filters.verified}
            onChange={(e) => onChange({ verified: e.target.checked })}
          />
          {CATALOGUE_MSG.verifiedOnly}
        </label>
      </div>
    </div>
  );
}
