// The one modal look: a Radix Dialog (focus trap, Escape, labelled by its title) in a glass panel.
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';

/**
 * Pass `trigger` (a button) to let the modal open itself and hand focus back to that button on close;
 * or control it with `open`/`onOpenChange` (then focus returns to nothing in particular, so prefer `trigger`).
 */
export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink-950/80 backdrop-blur-sm" />
        <Dialog.Content className="glass fixed top-1/2 left-1/2 z-[80] flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto border-accent-400/20 bg-ink-900 p-6 focus:outline-none">
          <Dialog.Title className="text-xl font-bold text-ink-100">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="muted text-sm">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
          {children}
          {footer ? <div className="mt-2 flex flex-wrap justify-end gap-3">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button that closes the surrounding modal. */
export function ModalClose({
  children = 'Close',
  className = 'btn-ghost',
}: {
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Close asChild>
      <button type="button" className={className}>
        {children}
      </button>
    </Dialog.Close>
  );
}
