// The toasts on screen, built on Radix Toast (announced to screen readers, swipe and Escape to dismiss, F8 to
// reach them). Loaded by toast.tsx on the first toast, so the home page does not download it.
import { Toast as RadixToast } from 'radix-ui';
import { MessageText } from './message-text';
import type { ToastItem, Tone } from './toast-item';

const toneClass: Record<Tone, string> = {
  success: 'border-success-400/40',
  error: 'border-danger-400/50',
  info: 'border-accent-400/40',
};

export function ToastLayer({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={4000}>
      {items.map((t) => (
        <RadixToast.Root
          key={t.id}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && onDismiss(t.id)}
          className={`glass flex items-start gap-3 border px-4 py-3 text-sm text-ink-100 ${toneClass[t.tone]}`}
        >
          <RadixToast.Description className="flex-1">
            <MessageText text={t.message} />
          </RadixToast.Description>
          <RadixToast.Close
            aria-label="Dismiss"
            className="-my-2 -mr-2 grid h-11 w-11 shrink-0 place-items-center text-ink-400 hover:text-ink-100"
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
