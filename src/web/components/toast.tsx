// Toasts: every action answers with one. The provider and `useToast` are all every page loads; the layer that
// shows them (Radix Toast, about 10 KB gzipped) loads with the first toast, or as soon as a mutation starts,
// since nearly every toast answers one and the server's reply then rarely outruns the chunk.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { ToastItem, Tone } from './toast-item';

type Layer = ComponentType<{ items: ToastItem[]; onDismiss: (id: number) => void }>;

let layer: Layer | null = null;
let loading: Promise<Layer> | null = null;

/**
 * Starts (once) loading the toast layer and resolves with it. If the chunk cannot load (offline, or a deploy
 * replaced it), the toasts of this visit show in a plain live region instead, with the same words (a leading
 * ✅ as the character, not message-text's icon, which would put the icon module back on every page).
 */
export function loadToastLayer(): Promise<Layer> {
  loading ??= import('./toast-layer').then(
    (m) => (layer = m.ToastLayer),
    () => (layer = PlainToasts),
  );
  return loading;
}

function PlainToasts({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  return (
    <ol className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4">
      {items.map((t) => (
        <li
          key={t.id}
          role="status"
          className="glass flex items-start gap-3 border px-4 py-3 text-sm text-ink-100"
        >
          <span className="flex-1">{t.message}</span>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => onDismiss(t.id)}
            className="-my-2 -mr-2 grid h-11 w-11 shrink-0 place-items-center text-ink-400 hover:text-ink-100"
          >
            ×
          </button>
        </li>
      ))}
    </ol>
  );
}

const ToastContext = createContext<((message: string, tone?: Tone) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [Shown, setShown] = useState<Layer | null>(() => layer);
  const show = useCallback((message: string, tone: Tone = 'info') => {
    setItems((prev) => [...prev, { id: Date.now() + Math.random(), message, tone }]);
  }, []);
  const dismiss = useCallback((id: number) => setItems((prev) => prev.filter((x) => x.id !== id)), []);
  const waiting = items.length > 0 && Shown === null;
  useEffect(() => {
    if (!waiting) return;
    let live = true;
    void loadToastLayer().then((loaded) => live && setShown(() => loaded));
    return () => {
      live = false;
    };
  }, [waiting]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {Shown && <Shown items={items} onDismiss={dismiss} />}
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast('Saved', 'success')` */
export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast needs <ToastProvider>');
  return ctx;
}
