// Search, specialization, sort and "Verified only" live in the URL query, so a link or a reload keeps them and the
// navbar search can land on them. Unknown values in a hand-edited URL fall back to the defaults.
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import {
  DEFAULT_SHARK_SORT,
  SHARK_SORTS,
  SPECIALIZATIONS,
  type SharkSort,
  type Specialization,
} from '#shared/constants.ts';
import type { SharksFilters } from './api';

const isSpecialization = (v: string): v is Specialization =>
  (SPECIALIZATIONS as readonly string[]).includes(v);
const isSort = (v: string): v is SharkSort => (SHARK_SORTS as readonly string[]).includes(v);

export function useSharksFilters() {
  const [params, setParams] = useSearchParams();
  // While a page is still loading its code the list stays on screen; a debounced search firing in that
  // moment must not start a navigation of its own, which would cancel the one the visitor chose
  // (typing "Kiran" and clicking Kiran's card within the debounce pause must open Kiran's profile).
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== 'idle' && navigation.location.pathname !== pathname;
  const search = params.get('search') ?? '';
  const rawSpec = params.get('specialization') ?? '';
  const rawSort = params.get('sort') ?? '';
  const verified = params.get('verified') === 'true';
  const filters: SharksFilters = useMemo(
    () => ({
      search: search.trim(),
      specialization: isSpecialization(rawSpec) ? rawSpec : '',
      sort: isSort(rawSort) ? rawSort : DEFAULT_SHARK_SORT,
      verified,
    }),
    [search, rawSpec, rawSort, verified],
  );

  const update = useCallback(
    (patch: Partial<SharksFilters>) => {
      if (leaving.current) return;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            // Defaults stay out of the URL so shared links stay short.
            // (an unticked "Verified only" is false, so it leaves too).
            if (!value || (key === 'sort' && value === DEFAULT_SHARK_SORT)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        // Typing in the search box must not add a history entry per keystroke.
        { replace: 'search' in patch },
      );
    },
    [setParams],
  );

  return { filters, rawSearch: search, update };
}
