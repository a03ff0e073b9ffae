// The one way a form field is drawn: a label tied to its control, an optional hint, and the error beside it that
// screen readers hear as the control's description. Spread react-hook-form's `register(name)` onto any of these.
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/** A control's own error line, under it; `id` is what the control's aria-describedby names. */
export function FieldError({ id, message }: { id?: string; message: string | null | undefined }) {
  return message ? (
    <p id={id} className="field-error">
      {message}
    </p>
  ) : null;
}

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Keep the hint on screen (and in the description) while an error shows; by default the error replaces it. */
  keepHint?: boolean;
  /** Classes of the wrapper (grid spans, margins). */
  className?: string;
  /** Classes of the control itself, replacing the default look. */
  inputClassName?: string;
  name: string;
  id?: string;
};

/** Ids and aria attributes for the control, and the hint/error lines under it. */
function useFieldParts({
  id,
  name,
  error,
  hint,
  keepHint,
}: Pick<FieldProps, 'id' | 'name' | 'error' | 'hint' | 'keepHint'>) {
  const controlId = id ?? `field-${name}`;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const showHint = Boolean(hint) && (keepHint || !error);
  const describedBy =
    [showHint && keepHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const below = (
    <>
      {showHint ? (
        <p id={hintId} className="muted mt-1.5 text-xs">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </>
  );
  return {
    controlId,
    aria: { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
    below,
  };
}

function FieldShell({
  className,
  controlId,
  label,
  children,
}: {
  className?: string;
  controlId: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}

export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>
>(function TextField(
  { label, error, hint, keepHint, id, name, className, inputClassName = 'input', ...input },
  ref,
) {
  const { controlId, aria, below } = useFieldParts({ id, name, error, hint, keepHint });
  return (
    <FieldShell className={className} controlId={controlId} label={label}>
      <input ref={ref} name={name} className={inputClassName} {...aria} {...input} />
      {below}
    </FieldShell>
  );
});

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>
>(function TextAreaField(
  { label, error, hint, keepHint, id, name, className, inputClassName = 'input min-h-24 resize-y', ...input },
  ref,
) {
  const { controlId, aria, below } = useFieldParts({ id, name, error, hint, keepHint });
  return (
    <FieldShell className={className} controlId={controlId} label={label}>
      <textarea ref={ref} name={name} className={inputClassName} {...aria} {...input} />
      {below}
    </FieldShell>
  );
});

export const SelectField = forwardRef<
  HTMLSelectElement,
  FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>
>(function SelectField(
  { label, error, hint, keepHint, id, name, className, inputClassName = 'input', children, ...select },
  ref,
) {
  const { controlId, aria, below } = useFieldParts({ id, name, error, hint, keepHint });
  return (
    <FieldShell className={className} controlId={controlId} label={label}>
      <select ref={ref} name={name} className={inputClassName} {...aria} {...select}>
        {children}
      </select>
      {below}
    </FieldShell>
  );
});
