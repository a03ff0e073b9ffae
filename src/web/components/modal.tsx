// The one modal look: a Radix Dialog (focus trap, Escape, labelled by its title) in a glass panel.
import { useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import { focusAfterDialog, rememberOpener } from '#web/components/return-focus.ts';

/**
 * Pass `trigger` (a button) to let the modal open itself, or control it with `open`/`onOpenChange`. Either way,
 * when it closes, focus goes back to the element that had it when the dialog opened (the button that opened it).
 * When that element is gone by then (the row a dialog deleted, a Cancel button of a session now cancelled),
 * focus goes to `returnFocus()` if given, else to the nearest control still standing where the opener was, so a
 * keyboard user is never dropped on the page's <body>.
 */
export function Modal({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  returnFocus,
}: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Where focus goes on close when the element that opened the dialog is no longer on the page. */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const opener = useRef<ReturnType<typeof rememberOpener>>({ opener: null, ancestors: [] });
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-ink-950/80 backdrop-blur-sm" />
        <Dialog.Content
          // Radix hands focus back only to its own Trigger: a dialog opened from a row's button (controlled)
          // or whose trigger disappeared would leave focus on <body>. Remember the opener, choose on close.
          onOpenAutoFocus={() => {
            opener.current = rememberOpener();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            focusAfterDialog(opener.current, returnFocus);
            opener.current = { opener: null, ancestors: [] };
          }}
          className="glass fixed top-1/2 left-1/2 z-[80] flex max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto border-accent-400/20 bg-ink-900 p-6 focus:outline-none"
        >
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
