// What a toast is, apart from how it shows: toast.tsx (which queues them) and toast-layer.tsx (which it loads
// on the first toast) both read it here, so neither imports the other back (no cycle, type-only or dynamic).
export type Tone = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  message: string;
  tone: Tone;
}
