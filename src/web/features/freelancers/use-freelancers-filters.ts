// The directory's search, service, skill, sort and "Verified only" live in the URL query, as /sharks' do: a link
// or a reload keeps them. Unknown values in a hand-edited URL fall back to the defaults.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_FREELANCER_SORT, FREELANCER_SORTS, type FreelancerSort } from '#shared/freelancers-texts.ts';
import { SECURITY_SERVICES, type SecurityService } from '#shared/security-services.ts';
import type { FreelancersFilters } from './api';

const isService = (v: string): v is SecurityService => (SECURITY_SERVICES as readonly string[]).includes(v);
const isSort = (v: string): v is FreelancerSort => (FREELANCER_SORTS as readonly string[]).includes(v);

export function useFreelancersFilters() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const skill = params.get('skill') ?? '';
  const rawService = params.get('service') ?? '';
  const rawSort = params.get('sort') ?? '';
  const verified = params.get('verified') === 'true';
  const filters: FreelancersFilters = useMemo(
    () => ({
      search: search.trim().slice(0, 100),
      service: isService(rawService) ? rawService : '',
      skill: skill.trim().slice(0, 60),
      sort: isSort(rawSort) ? rawSort : DEFAULT_FREELANCER_SORT,
      verified,
    }),
    [search, rawService, skill, rawSort, verified],
  );

  const update = useCallback(
    (patch: Partial<FreelancersFilters>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(patch)) {
            // Defaults stay out of the URL so shared links stay short.
            if (!value || (key === 'sort' && value === DEFAULT_FREELANCER_SORT)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        // Typing must not add a history entry per keystroke.
        { replace: 'search' in patch || 'skill' in patch },
      );
    },
    [setParams],
  );

  return { filters, rawSearch: search, rawSkill: skill, update };
}
