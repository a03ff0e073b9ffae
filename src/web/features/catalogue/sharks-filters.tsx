// The toolbar above the sharks list: debounced search, specialization filter, sort and "Verified only".
import { useEffect, useRef, useState } from 'react';
import {
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
  );
}
