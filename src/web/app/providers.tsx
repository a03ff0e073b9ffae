// What every screen of the app runs inside: the query cache (seeded with the data the server wrote into the page)
// and the toasts.
import type { ReactNode } from 'react';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { loadToastLayer, ToastProvider } from '#web/components/toast.tsx';
import { seedFirstPaint } from '#web/lib/first-paint.ts';

export function createQueryClient() {
  const queryClient = new QueryClient({
    // Nearly every toast answers a mutation: fetch the toast layer while the request is in flight.
    mutationCache: new MutationCache({ onMutate: () => void loadToastLayer() }),
    defaultOptions: {
      // 4xx answers are final; only retry what may pass next time.
      queries: {
        staleTime: 30_000,
        retry: (count, err) => count < 2 && !((err as { status?: number }).status! >= 400),
      },
    },
  });
  seedFirstPaint(queryClient);
  return queryClient;
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
