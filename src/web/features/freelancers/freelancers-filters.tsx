// The toolbar above the freelancer directory: debounced search and skill, service filter, sort and "Verified
// only", as the sharks list's toolbar.
import { useEffect, useRef, useState } from 'react';
import {
  FREELANCER_MSG,
  FREELANCER_SORT_LABELS,
  FREELANCER_SORTS,
  type FreelancerSort,
} from '#shared/freelancers-texts.ts';
import {
  SECURITY_SERVICE_LABELS,
  SECURITY_SERVICES,
  type SecurityService,
} from '#shared/security-services.ts';
import type { FreelancersFilters } from './api';

export const SEARCH_DEBOUNCE_MS = 300;

/** A text box that keeps what is typed and tells the URL after a pause (and follows the URL's changes). */
function useDebouncedText(fromUrl: string, send: (text: string) => void) {
  const [text, setText] = useState(fromUrl);
  const lastSent = useRef(fromUrl);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });
  useEffect(() => {
    if (fromUrl !== lastSent.current) {
      lastSent.current = fromUrl;
      setText(fromUrl);
    }
  }, [fromUrl]);
  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      sendRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText] as const;
}

export function FreelancersFiltersBar({
  filters,
  urlSearch,
  urlSkill,
  onChange,
}: {
  filters: FreelancersFilters;
  urlSearch: string;
  urlSkill: string;
  onChange: (patch: Partial<FreelancersFilters>) => void;
}) {
  const [search, setSearch] = useDebouncedText(urlSearch, (search) => onChange({ search }));
  const [skill, setSkill] = useDebouncedText(urlSkill, (skill) => onChange({ skill }));
  return (
    <div
      role="search"
      aria-label="Find a freelancer"
      className="glass grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_auto_auto] lg:items-end"
    >
      <div>
        <label htmlFor="freelancers-search" className="label">
          Search by name, headline or skill
        </label>
        <input
          id="freelancers-search"
          type="search"
          className="input"
          placeholder="e.g. Kubernetes, red team, Aditi..."
          value={search}
          maxLength={100}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="freelancers-skill" className="label">
          Skill
        </label>
        <input
          id="freelancers-skill"
          type="search"
          className="input"
          placeholder="e.g. Burp Suite"
          value={skill}
          maxLength={60}
          onChange={(e) => setSkill(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor="freelancers-service" className="label">
          Service
        </label>
        <select
          id="freelancers-service"
          className="input lg:w-52"
          value={filters.service}
          onChange={(e) => onChange({ service: e.target.value as SecurityService | '' })}
        >
          <option value="">All services</option>
          {SECURITY_SERVICES.map((s) => (
            <option key={s} value={s}>
              {SECURITY_SERVICE_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="freelancers-sort" className="label">
          Sort by
        </label>
        <select
          id="freelancers-sort"
          className="input lg:w-52"
          value={filters.sort}
          onChange={(e) => onChange({ sort: e.target.value as FreelancerSort })}
        >
          {FREELANCER_SORTS.map((s) => (
            <option key={s} value={s}>
              {FREELANCER_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <label
        htmlFor="freelancers-verified"
        className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-ink-100 sm:col-span-2 lg:col-span-4"
      >
        <input
          id="freelancers-verified"
          type="checkbox"
          className="size-4 accent-accent-400"
          checked={filters.verified}
          onChange={(e) => onChange({ verified: e.target.checked })}
        />
        {FREELANCER_MSG.verifiedOnly}
      </label>
    </div>
  );
}
