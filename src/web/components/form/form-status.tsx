// A form's outcome and its submit button: the alert for top-level messages (the one way to show an error that is
// not a field's own, or a failed load's; a page that cannot load shows ErrorState), the button that says it is
// busy, and the helper that puts a failed request's messages beside their fields.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { MessageText } from '#web/components/message-text.tsx';

/**
 * A form's top-level outcome. Errors are announced at once (role=alert); good news politely (role=status).
 * Renders nothing without content, so `<FormAlert>{form.formError}</FormAlert>` can always be written.
 */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  if (children === null || children === undefined || children === false || children === '') return null;
  const toneClass = {
    error: 'border-danger-400/50 bg-danger-400/10 text-danger-400',
    success: 'border-success-400/50 bg-success-400/10 text-success-400',
    info: 'border-accent-400/40 bg-accent-400/10 text-ink-100',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm ${toneClass}`}
    >
      {typeof children === 'string' ? <MessageText text={children} /> : children}
    </div>
  );
}

/** A submit button that is disabled and says what it is doing while the form is pending. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className = 'btn-primary',
  disabled,
  ...button
}: { pending: boolean; pendingLabel: ReactNode; children: ReactNode } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'type'
>) {
  return (
    <button type="submit" className={className} disabled={pending || disabled} {...button}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * Puts a failed request's field messages beside the form's own fields and returns the message for the alert region:
 * the server's top-level message, or nothing when every problem was shown beside a field. `aliases` names the input
 * of a request field the form calls otherwise: a money field the API takes in paise (`pricePaise`) and the form
 * in rupees (`price`, decision 210).
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
  aliases: Partial<Record<string, Path<T>>> = {},
): string | null {
  if (!(err instanceof ApiError)) return errorMessage(err);
  const entries = Object.entries(err.fields);
  let unplaced = false;
  for (const [sent, message] of entries) {
    const field = aliases[sent] ?? sent;
    if ((known as readonly string[]).includes(field)) setError(field as Path<T>, { type: 'server', message });
    else unplaced = true;
  }
  return entries.length > 0 && !unplaced ? null : err.message;
}
