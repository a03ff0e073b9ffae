// The shark's time zone as a searchable list of places (issue 25): type a city, a country's zone name or an offset
// ("Kolkata", "India", "+5:30") and pick a place; each reads "Kolkata (Asia) · India Standard Time · GMT+5:30".
// The ARIA 1.2 combobox pattern: the input owns a listbox, arrows move the active option, Enter picks it, Escape
// closes. The stored value is always a canonical IANA name; the server still validates it.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { canonicalZone, zoneChoices, type ZoneChoice } from '#shared/time-zones.ts';

const MAX_SHOWN = 50;

const matches = (c: ZoneChoice, words: string[]) => {
  const text = `${c.label} ${c.value}`.toLowerCase().replaceAll('_', ' ');
  return words.every((w) => text.includes(w));
};

export function TimeZoneField({ value, onChange }: { value: string; onChange: (zone: string) => void }) {
  const id = useId();
  const choices = useMemo(() => zoneChoices(), []);
  const current = choices.find((c) => c.value === canonicalZone(value));
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length ? choices.filter((c) => matches(c, words)) : choices;
  const shown = found.slice(0, MAX_SHOWN);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  const pick = (c: ZoneChoice) => {
    onChange(c.value);
    setQuery(null);
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.max(0, Math.min(shown.length - 1, a + step)));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (shown[active]) pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      setQuery(null);
    }
  };

  return (
    <div className="relative flex flex-col gap-1 text-sm">
      <label htmlFor={`${id}-input`}>Time zone</label>
      <input
        ref={input}
        id={`${id}-input`}
        className="input"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        autoComplete="off"
        value={query ?? (current ? `${current.city} · ${current.offset}` : value)}
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A click on an option lands before this blur's timer: the choice is kept, then the list closes.
          setTimeout(() => {
            setOpen(false);
            setQuery(null);
          }, 150);
        }}
      />
      <span id={`${id}-hint`} className="muted text-xs">
        {current ? `${current.label}. ` : ''}Type a city, a zone or an offset to search.
      </span>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Time zones"
          className="glass absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-y-auto bg-ink-900 p-1"
        >
          {shown.length === 0 ? (
            <li role="option" aria-selected="false" aria-disabled="true" className="muted px-3 py-2">
              No place matches “{query}”.
            </li>
          ) : (
            shown.map((c, i) => (
              <li
                key={c.value}
                id={optionId(i)}
                role="option"
                aria-selected={c.value === current?.value}
                className={`cursor-pointer rounded-lg px-3 py-2 ${
                  i === active ? 'bg-accent-400/15 text-accent-300' : 'text-ink-100'
                }`}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => {
                  pick(c);
                  input.current?.focus();
                }}
              >
                {c.label}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
