// Stars: a rating shown (read by screen readers as "Rated 4 out of 5") and a rating chosen (five radio buttons
// in a fieldset, so the keyboard's arrow keys move between them).
import { useId } from 'react';

export function Stars({ value, size = 'text-base' }: { value: number; size?: string }) {
  const full = Math.round(value);
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className={`${size} tracking-tight`}>
      <span aria-hidden="true" className="text-warning-400">
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className="text-ink-500">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

export function StarInput({
  legend,
  value,
  onChange,
  error,
  name,
}: {
  legend: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="label">{legend}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => {
          const on = value !== undefined && n <= value;
          return (
            <label
              key={n}
              className={`cursor-pointer rounded-md px-1 text-2xl leading-none focus-within:ring-2 focus-within:ring-accent-400 ${on ? 'text-warning-400' : 'text-ink-500'}`}
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
