// The browser entry: the providers around the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom so navigate(..., { flushSync: true }) works with React DOM.
import { RouterProvider } from 'react-router/dom';
import { createRouter } from '#web/app/router.tsx';
import { AppProviders, createQueryClient } from './providers';
import '#web/styles.css';

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createRouter()} />
    </AppProviders>
  </StrictMode>,
);
