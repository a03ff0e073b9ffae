// Toasts: every action answers with one. Built on Radix Toast (announced to screen readers).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Toast as RadixToast } from 'radix-ui';
import { MessageText } from './message-text';

type Tone = 'success' | 'error' | 'info';
interface ToastItem {
  id: number;
  message: string;
  tone: Tone;
}

const ToastContext = createContext<((message: string, tone?: Tone) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const show = useCallback((message: string, tone: Tone = 'info') => {
    setItems((prev) => [...prev, { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const value = useMemo(() => show, [show]);
  const toneClass: Record<Tone, string> = {
    success: 'border-success-400/40',
    error: 'border-danger-400/50',
    info: 'border-accent-400/40',
  };
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={4000}>
        {children}
        {items.map((t) => (
          <RadixToast.Root
            key={t.id}
            type={t.tone === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && setItems((prev) => prev.filter((x) => x.id !== t.id))}
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
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast('Saved', 'success')` */
export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs <ToastProvider>');
  return ctx;
}
