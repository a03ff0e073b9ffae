import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// From react-router/dom so navigate(..., { flushSync: true }) works with React DOM.
import { RouterProvider } from 'react-router/dom';
import { ToastProvider } from './components/toast';
import { seedFirstPaint } from './lib/first-paint';
import { createRouter } from './router';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    // 4xx answers are final; only retry what may pass next time.
    queries: { staleTime: 30_000, retry: (count, err) => count < 2 && !((err as { status?: number }).status! >= 400) },
  },
});

seedFirstPaint(queryClient);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={createRouter()} />
      </ToastProvider>
    </QueryClientProvider>
  </StrictMode>,
);
